import { describe, expect, it } from 'vitest';
import type { StartNode } from '@atrium/shared/workflow';
import { inMemberSpec, mayLaunch, type Launcher } from './visibility.ts';

const who: Launcher = {
  userId: 'u1',
  roleIds: ['r1'],
  positionIds: ['p1'],
  organizeIds: ['o1'],
  groupIds: ['g1'],
  headedOrganizeIds: ['o9'],
};

describe('who may launch a template', () => {
  it('S2-7-76 lets everyone launch when the initiators name nobody', () => {
    expect(inMemberSpec(undefined, who)).toBe(true);
    expect(inMemberSpec({}, who)).toBe(true);
    expect(inMemberSpec({ users: [], roles: [''] }, who)).toBe(true);
  });

  it('S2-7-76 matches the launcher by user, role, position, organisation or group', () => {
    expect(inMemberSpec({ users: ['u1'] }, who)).toBe(true);
    expect(inMemberSpec({ roles: ['r2', 'r1'] }, who)).toBe(true);
    expect(inMemberSpec({ positions: ['p1'] }, who)).toBe(true);
    expect(inMemberSpec({ orgs: ['o1'] }, who)).toBe(true);
    expect(inMemberSpec({ groups: ['g1'] }, who)).toBe(true);
    expect(inMemberSpec({ users: ['u2'], roles: ['r2'], positions: ['p2'], orgs: ['o2'], groups: ['g2'] }, who)).toBe(
      false,
    );
  });

  it('reads organisations as their heads when orgHeads is set', () => {
    expect(inMemberSpec({ orgs: ['o1'], orgHeads: true }, who)).toBe(false);
    expect(inMemberSpec({ orgs: ['o9'], orgHeads: true }, who)).toBe(true);
  });

  it('takes the rule from the start node of the tree', () => {
    const tree = (initiators?: StartNode['properties']['initiators']): StartNode => ({
      nodeId: 'start',
      type: 'start',
      name: '发起人',
      properties: { initiators },
      childNode: null,
    });
    expect(mayLaunch(tree(), who)).toBe(true);
    expect(mayLaunch(tree({ roles: ['r2'] }), who)).toBe(false);
  });
});
