import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsStore } from './tags.ts';

const paths = () => useTagsStore.getState().visitedViews.map((v) => v.path);

describe('tags store', () => {
  beforeEach(() => {
    useTagsStore.getState().reset();
    const { addView } = useTagsStore.getState();
    addView({ path: '/a', title: 'A' });
    addView({ path: '/home', title: '', titleKey: 'route.home', affix: true });
    addView({ path: '/b?x=1', title: 'B' });
    addView({ path: '/c', title: 'C' });
  });

  it('keeps affix views first and each full path once', () => {
    useTagsStore.getState().addView({ path: '/a', title: 'A renamed' });
    expect(paths()).toEqual(['/home', '/a', '/b?x=1', '/c']);
    expect(useTagsStore.getState().visitedViews[1].title).toBe('A renamed');
  });

  it('S1-2.4-12 S1-2.4-15 closes one view but never an affix one', () => {
    expect(
      useTagsStore
        .getState()
        .delView('/b?x=1')
        .map((v) => v.path),
    ).toEqual(['/home', '/a', '/c']);
    useTagsStore.getState().delView('/home');
    expect(paths()).toEqual(['/home', '/a', '/c']);
  });

  it('S1-2.4-13 closes the others', () => {
    useTagsStore.getState().delOthers('/c');
    expect(paths()).toEqual(['/home', '/c']);
  });

  it('S1-2.4-14 closes all but the affix views', () => {
    useTagsStore.getState().delAll();
    expect(paths()).toEqual(['/home']);
  });
});
