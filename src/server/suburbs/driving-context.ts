import type { Region, ServiceSuburb } from '../../shared/reference/service-area';

/**
 * The driving paragraph of a suburb page (src/server/suburbs/landing-content.ts): which roads and
 * conditions the suburb's drivers know, from its region, distance and direction from the CBD.
 */

export type Compass = 'north' | 'north-east' | 'east' | 'south-east' | 'south' | 'south-west' | 'west' | 'north-west';

/** What the page generator knows of a suburb's place. */
export type Place = {
  name: string;
  postcode: string;
  region: Region;
  km: number;
  compass: Compass;
  /** e.g. "about 24 km south of the Perth CBD" */
  distancePhrase: string;
  neighbours: string[];
};

// Driving context: chosen by region, distance and direction from the CBD. Only well-known major
// roads are named; nothing here claims anything about a particular street.

type Corridor =
  | 'inner'
  | 'western'
  | 'north-coast'
  | 'north'
  | 'north-east'
  | 'east'
  | 'south-east'
  | 'fremantle'
  | 'south'
  | 'rockingham'
  | 'peel-coast'
  | 'peel-inland'
  | 'peel-north'
  | 'hills-east'
  | 'hills-kalamunda'
  | 'hills-south'
  | 'hills-north'
  | 'hills-valley'
  | 'hills-rural-east'
  | 'avon';

export function corridorOf(p: Place, s: ServiceSuburb): Corridor {
  if (p.region === 'Peel Region') {
    if (s.lat > -32.45) return 'peel-north';
    if (s.lng < 115.8) return 'peel-coast';
    return 'peel-inland';
  }
  if (p.region === 'Hills and Extended') {
    if (p.km > 55 && s.lng > 116.35) return 'avon';
    if (s.lat > -31.85 && s.lng < 116.12) return p.km > 25 ? 'hills-north' : 'hills-valley';
    if (s.lat > -31.85) return 'hills-rural-east';
    if (s.lat < -32.06) return 'hills-south';
    if (s.lat < -31.94 && s.lng < 116.22) return 'hills-kalamunda';
    return 'hills-east';
  }
  if (p.km < 6) return 'inner';
  if (p.km < 20 && s.lat > -32.0 && s.lat < -31.925 && s.lng < 115.82) return 'western';
  switch (p.compass) {
    case 'west':
      return 'western';
    case 'north-west':
      return s.lng < 115.79 ? 'north-coast' : 'north';
    case 'north':
      return s.lng < 115.76 ? 'north-coast' : 'north';
    case 'north-east':
      return 'north-east';
    case 'east':
      return 'east';
    case 'south-east':
      return 'south-east';
    case 'south-west':
      if (p.km < 25 && s.lng < 115.82) return 'fremantle';
      return p.km > 32 ? 'rockingham' : 'south';
    case 'south':
      return p.km > 32 ? 'rockingham' : 'south';
  }
}

export const DRIVING: Record<Corridor, readonly ((p: Place) => string)[]> = {
  inner: [
    (p) =>
      `Inner-city driving in ${p.name} means short trips, kerbside parking and plenty of stop-start traffic, which is where slow punctures and tired batteries tend to show up. We work at your home, your building's car park or your workplace, so you do not have to sit in peak-hour traffic to reach a tyre shop.`,
    (p) =>
      `Being so close to the city, most of our ${p.name} jobs are done in driveways, apartment car parks and office car parks. Short stop-start trips are hard on batteries, so it is worth asking the technician for a battery check while the tyres are being fitted.`,
  ],
  western: [
    (p) =>
      `Around ${p.name} most driving is on Stirling Highway, West Coast Highway and the local streets between them. If a tyre goes flat at home or at work, a mobile fitter saves you limping along those roads to a workshop.`,
    (p) =>
      `${p.name} drivers spend a lot of time on Stirling Highway and the coastal roads. A kerbed sidewall, a nail in the tread or a battery that will not turn over can all be sorted where the car is parked, without a trip to a workshop.`,
  ],
  'north-coast': [
    (p) =>
      `Drivers in ${p.name} typically head for the city on the Mitchell Freeway or along Marmion Avenue and the coastal roads. Freeway speeds are unforgiving on worn or under-inflated tyres, so it pays to replace a tyre as soon as it reaches the wear markers.`,
    (p) =>
      `Between the Mitchell Freeway and the coast roads, ${p.name} cars clock up plenty of highway kilometres. If a tyre is worn to the markers or has a nail in it, we can fit a replacement at your home or workplace instead of you driving it to a shop.`,
  ],
  north: [
    (p) =>
      `From ${p.name} the usual routes are the Mitchell Freeway, Wanneroo Road and Reid Highway. Long freeway runs show up worn and uneven tyres quickly, so it is worth asking the technician to look over the rest of the set when a tyre is fitted or repaired.`,
    (p) =>
      `${p.name} sits within easy reach of the Mitchell Freeway and Wanneroo Road, so our vans get to the northern suburbs without fuss. We can do the job on your home driveway or in your work car park, whichever suits your day.`,
  ],
  'north-east': [
    (p) =>
      `In ${p.name} most trips run along Tonkin Highway, Reid Highway or Great Northern Highway. Those are fast, busy roads, so a slow leak or a weak battery is best sorted at home before it leaves you stuck on the shoulder.`,
    (p) =>
      `${p.name} is well connected by Tonkin Highway and Reid Highway, which is also how our technicians reach you. We fit tyres and replace batteries on your driveway, so there is no need to take time off to sit in a waiting room.`,
  ],
  east: [
    (p) =>
      `${p.name} is close to Great Eastern Highway, Roe Highway and Tonkin Highway, with plenty of heavy vehicles and industrial traffic nearby. Debris on busy freight routes can cause punctures, and a tread puncture can often be repaired on the spot.`,
    (p) =>
      `Between Great Eastern Highway, Roe Highway and Tonkin Highway, drivers in ${p.name} share the road with a lot of freight traffic. If you pick up a screw or a nail, we come to you and repair or replace the tyre where the car is parked.`,
  ],
  'south-east': [
    (p) =>
      `For ${p.name} the main routes are Albany Highway, Tonkin Highway and Roe Highway. Stop-start traffic on the arterial roads wears tyres unevenly, so it is worth having the whole set checked when one tyre needs replacing.`,
    (p) =>
      `${p.name} drivers rely on Albany Highway and Tonkin Highway to get around the south-east corridor. Whether you are at home or at work, we bring the tyres and the battery to you.`,
  ],
  fremantle: [
    (p) =>
      `Around ${p.name} most driving is on Stirling Highway, Leach Highway and the busy roads in and out of Fremantle. If a tyre picks up a screw or a nail, a mobile repair saves you a trip across town.`,
    (p) =>
      `${p.name} is in the south-west of our Perth Metro area, close to Leach Highway and Stirling Highway. If a tyre is damaged or a battery will not start the car, our van comes to your home or workplace.`,
  ],
  south: [
    (p) =>
      `From ${p.name} the Kwinana Freeway, Roe Highway and Leach Highway are the usual routes. High freeway speeds make worn or under-inflated tyres risky, so replace tyres before they reach the wear markers.`,
    (p) =>
      `${p.name} drivers spend plenty of time on the Kwinana Freeway, and our technicians use the same corridor to reach you. We fit new tyres, repair punctures and replace batteries on your driveway or in your work car park.`,
  ],
  rockingham: [
    (p) =>
      `In ${p.name} the Kwinana Freeway and Mandurah Road carry most of the traffic to the city and down to Mandurah. Those long, fast runs are hard on old tyres, and we would rather replace a worn tyre at your home than see you stranded on the freeway.`,
    (p) =>
      `${p.name} is on the Kwinana Freeway corridor, with Mandurah Road and the coastal roads close by. Long trips in either direction are no place for a weak battery or a worn tyre, and we can replace both at your home.`,
  ],
  'peel-coast': [
    (p) =>
      `Around ${p.name} most driving is on Mandurah Road, Old Coast Road and the Kwinana Freeway and Forrest Highway link to Perth. Long highway runs and sandy coastal driveways both take a toll on tyres, and we can fit replacements on the spot.`,
    (p) =>
      `${p.name} sits on the coastal side of Peel, where the Kwinana Freeway and Forrest Highway connect Mandurah to Perth and the South West. If you are about to head up the freeway on a worn or leaking tyre, we can sort it at your place first.`,
  ],
  'peel-inland': [
    (p) =>
      `${p.name} is in the inland part of Peel, where Pinjarra Road, Forrest Highway and South Western Highway link the towns and farms. Country roads and farm tracks are hard on tyres, so a mobile fitter who comes to the property saves a long drive into town.`,
    (p) =>
      `Drivers in ${p.name} use South Western Highway, Pinjarra Road and Forrest Highway to get to Mandurah and Perth. Our vans cover these longer runs, so you do not have to drive on a damaged tyre to find a workshop.`,
  ],
  'peel-north': [
    (p) =>
      `${p.name} is in the northern part of Peel, served by South Western Highway and Tonkin Highway. Semi-rural properties, long driveways and gravel roads are common out here, and our technicians come to the property rather than asking you to drive on a flat.`,
    (p) =>
      `From ${p.name} most trips to Perth run along Tonkin Highway or South Western Highway. Acreage driveways and gravel roads wear tyres faster, so it is worth having the full set looked at when one needs replacing.`,
  ],
  'hills-east': [
    (p) =>
      `${p.name} is up in the Perth Hills, where Great Eastern Highway, the winding hills roads and gravel driveways all put extra load on tyres. If the car, ute or caravan has a flat at home, we come to you rather than you driving down the hill on it.`,
    (p) =>
      `Hills driving around ${p.name} means steep grades, tight bends on sealed roads and plenty of gravel. Sidewall damage and slow leaks can happen easily on these roads, and we repair or replace tyres right on your property.`,
  ],
  'hills-kalamunda': [
    (p) =>
      `${p.name} sits on the Darling Scarp, where the climb up Kalamunda Road, Welshpool Road or the local hills roads puts extra strain on tyres and brakes. We come to your home, sloping driveway or not, to do the job.`,
    (p) =>
      `Steep hills roads and gravel driveways are everyday driving in ${p.name}. If a tyre is cut on a rock or slowly losing air, we fit or repair it at your place, and you can book a battery check at the same time.`,
  ],
  'hills-south': [
    (p) =>
      `${p.name} is in the southern Perth Hills, reached by Albany Highway and Brookton Highway and plenty of winding roads in between. Hills properties often have long or gravel driveways, and we come to you so you do not have to drive down to the suburbs on a damaged tyre.`,
    (p) =>
      `Drivers in ${p.name} deal with steep, winding hills roads and gravel on a daily basis, which is hard on tyre sidewalls. We fit and repair tyres and replace batteries on your property, whether it is the family car, the farm ute or the caravan before a trip.`,
  ],
  'hills-north': [
    (p) =>
      `${p.name} is on the northern rural fringe of Perth, reached by Great Northern Highway and Tonkin Highway. Rural properties, gravel roads and towing are all part of life out here, and our vans come to the property for tyres, punctures and batteries.`,
    (p) =>
      `Out around ${p.name} distances are longer and roads are rougher, which is hard on tyres and on batteries that sit unused. We come to your property, whether it is the family car, the ute or the caravan that needs attention.`,
  ],
  'hills-valley': [
    (p) =>
      `${p.name} is in the Swan Valley, where Great Northern Highway, West Swan Road and the valley roads link wineries, farms and homes. Farm gateways and gravel driveways can be tough on tyres, and we fit or repair them right where the vehicle is.`,
    (p) =>
      `Around ${p.name} you are never far from Great Northern Highway or Reid Highway. Rural blocks and gravel tracks in the valley are hard on tyres, so our technicians come to the property to repair or replace them.`,
  ],
  'hills-rural-east': [
    (p) =>
      `${p.name} is in the rural hills east of Perth, reached by Toodyay Road or Great Eastern Highway. Acreage driveways, gravel roads and towing are part of everyday driving here, and our vans come to the property for tyres, punctures and batteries.`,
    (p) =>
      `Around ${p.name} properties are larger and the roads rougher, with Toodyay Road and Great Eastern Highway the main links to Perth. Rather than driving down the hill on a damaged tyre, have it repaired or replaced at home.`,
  ],
  avon: [
    (p) =>
      `${p.name} is on the outer edge of our extended service area, well beyond the Perth Hills. Long country drives on Great Eastern Highway or Toodyay Road make sound tyres and a healthy battery essential, so book a time slot online and we will come to you.`,
    (p) =>
      `${p.name} is a longer drive from Perth, so a mobile service saves you a long trip to a workshop. Country roads, gravel and long highway runs are hard on tyres and batteries, and we bring the replacement to your property.`,
  ],
};
