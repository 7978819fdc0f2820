import { Route, Switch } from 'wouter';
import type { PageData } from '../../shared/schemas/site';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

export function PublicApp({ data }: { data: PageData }) {
  return (
    <Switch>
      <Route path="/">
        <HomePage business={data.business} />
      </Route>
      <Route>
        <NotFoundPage business={data.business} />
      </Route>
    </Switch>
  );
}
