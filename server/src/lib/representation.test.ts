import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Representation, negotiateEncoding } from './representation';
import { RepresentationCache } from './representation-cache';

const json = (n: number) =>
  Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, text: 'aliasing' }))));

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium: Node 20 has no zstd
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *;q=0.1', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%j → %s', (header, encoding) => {
    expect(negotiateEncoding(header)).toBe(encoding);
  });
});

describe('Representation', () => {
  it('compresses each coding once, for concurrent and later asks alike', async () => {
    const answer = new Representation(json(200));
    const [a, b] = await Promise.all([answer.bytes('br'), answer.bytes('br')]);
    expect(a).toBe(b);
    expect(await answer.bytes('br')).toBe(a);
    expect(zlib.brotliDecompressSync(a).equals(answer.identity)).toBe(true);
    const gzip = await answer.bytes('gzip');
    expect(zlib.gunzipSync(gzip).equals(answer.identity)).toBe(true);
    expect(await answer.bytes('identity')).toBe(answer.identity);
  });

  it('sends a small answer as it is', () => {
    expect(new Representation(json(2)).encodingFor('br')).toBe('identity');
    expect(new Representation(json(200)).encodingFor('br')).toBe('br');
  });
});

describe('RepresentationCache', () => {
  it('keeps one representation per key and forgets the least recently used past its size', () => {
    const cache = new RepresentationCache(new Representation(json(200)).footprint * 2.5);
    const made: string[] = [];
    const get = (key: string) => cache.get(key, () => (made.push(key), new Representation(json(200))));
    const a = get('a');
    get('b');
    expect(get('a')).toBe(a); // a is now the most recent
    get('c'); // over the size: b goes
    get('a');
    get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
