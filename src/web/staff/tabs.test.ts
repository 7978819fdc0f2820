import { describe, expect, it } from 'vitest';
import { phoneSections, tabsFor } from './tabs';

const labels = (tabs: { label: string }[]) => tabs.map((t) => t.label);

describe("a phone's section bar", () => {
  it('gives the owner the daily round on the bar and every other section behind More, none lost', () => {
    const { bar, more } = phoneSections(tabsFor('admin'));
    expect(labels(bar)).toEqual(['Jobs', 'Schedule', 'Invoices', 'Reports']);
    expect(labels(more)).toEqual(['Prices', 'Expenses', 'Time Slots', 'Team', 'Settings']);
    expect([...bar, ...more].map((t) => t.id).sort()).toEqual(
      tabsFor('admin')
        .map((t) => t.id)
        .sort(),
    );
  });

  it("puts all of a technician's three sections on the bar, with no More", () => {
    const { bar, more } = phoneSections(tabsFor('technician'));
    expect(labels(bar)).toEqual(['My Jobs', 'My Schedule', 'Settings']);
    expect(more).toEqual([]);
  });
});
