// The header's links and its 'Escrever' button for each kind of visitor (spec 2 "Header").
import { describe, expect, it } from 'vitest';
import { headerLinks, offersWriting } from '../../web/src/components/header-nav';

const labels = (...args: Parameters<typeof headerLinks>) => headerLinks(...args).map((link) => link.label);

describe('header', () => {
  it("offers 'Escrever' only to those who may write", () => {
    expect(offersWriting([])).toBe(false);
    expect(offersWriting(['author'])).toBe(true);
    expect(offersWriting(['editor'])).toBe(true);
    expect(offersWriting(['master'])).toBe(true);
  });

  it("gives the phone's drawer 'Assinatura', to /pricing, for every visitor", () => {
    for (const [signedIn, roles] of [[false, []], [true, []], [true, ['author']], [true, ['master']]] as const) {
      expect(headerLinks(signedIn, roles, true)).toContainEqual({ label: 'Assinatura', to: '/pricing' });
    }
    expect(labels(false, [], false)).toEqual(['Notícias', 'Eventos']);
  });

  it('keeps Pautas for the newsroom and the desks for the master', () => {
    expect(labels(true, [], false)).toEqual(['Notícias', 'Eventos']);
    expect(labels(true, ['author'], false)).toEqual(['Notícias', 'Eventos', 'Pautas']);
    expect(labels(true, ['master'], false)).toEqual(['Notícias', 'Eventos', 'Pautas', 'Newsletter', 'Admin']);
  });
});
