import { beforeEach, describe, expect, it } from 'vitest';
import { decodeValue, encodeValue, local, session, storageKey } from './storage.ts';

describe('storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('prefixes and upper-cases the key', () => {
    expect(storageKey('token')).toBe('ATRIUM__TOKEN');
    expect(storageKey('sidebarStatus')).toBe('ATRIUM__SIDEBARSTATUS');
  });

  it('writes the value with its type suffix', () => {
    session.set('token', 'Bearer abc');
    expect(sessionStorage.getItem('ATRIUM__TOKEN')).toBe('"Bearer abc"__string');
    local.set('size', 3);
    expect(localStorage.getItem('ATRIUM__SIZE')).toBe('3__number');
    local.set('flag', false);
    expect(localStorage.getItem('ATRIUM__FLAG')).toBe('false__boolean');
    local.set('obj', { a: 1 });
    expect(localStorage.getItem('ATRIUM__OBJ')).toBe('{"a":1}__object');
  });

  it('round-trips every type', () => {
    for (const value of ['x__y', 0, 12.5, true, false, { a: [1, 2] }, [1, 'b'], null]) {
      local.set('v', value);
      expect(local.get('v')).toEqual(value);
    }
  });

  it('reads a missing key as null', () => {
    expect(session.get('token')).toBeNull();
  });

  it('reads a value whose suffix does not match as null', () => {
    localStorage.setItem('ATRIUM__A', '"text"__number');
    localStorage.setItem('ATRIUM__B', '12__string');
    localStorage.setItem('ATRIUM__C', '{"a":1}__boolean');
    localStorage.setItem('ATRIUM__D', '"text"__date');
    localStorage.setItem('ATRIUM__E', 'plain');
    for (const name of ['a', 'b', 'c', 'd', 'e']) expect(local.get(name)).toBeNull();
  });

  it('reads a value that does not parse as null', () => {
    localStorage.setItem('ATRIUM__A', '{broken__object');
    expect(local.get('a')).toBeNull();
    expect(decodeValue('__string')).toBeNull();
  });

  it('removes', () => {
    session.set('lock', 1);
    session.remove('lock');
    expect(sessionStorage.getItem('ATRIUM__LOCK')).toBeNull();
  });

  it('encodes null as object', () => {
    expect(encodeValue(null)).toBe('null__object');
  });
});
