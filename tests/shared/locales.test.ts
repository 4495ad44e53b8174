import { describe, expect, it } from 'vitest';
import {
  fromAcceptLanguage,
  fromUiLocales,
  matchLocale,
  negotiateLocale,
  textDirection,
} from '../../src/shared/locales';

describe('choosing the language', () => {
  it('matches tags case-insensitively, and by language when the region is not offered', () => {
    expect(matchLocale('PT-br')).toBe('pt-BR');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('de_AT')).toBe('de');
    expect(matchLocale('zh-Hant')).toBeNull();
    expect(matchLocale('*')).toBeNull();
  });

  it('takes the first supported tag of ui_locales (OIDC Core §3.1.2.1)', () => {
    expect(fromUiLocales('zh-CN fr-CA en')).toBe('fr');
    expect(fromUiLocales('  xx  ')).toBeNull();
    expect(fromUiLocales(undefined)).toBeNull();
  });

  it('ranks Accept-Language by q, keeps ties in order and ignores q=0 and junk', () => {
    expect(fromAcceptLanguage('en;q=0.5, de;q=0.9, fr;q=0.9')).toBe('de');
    expect(fromAcceptLanguage('ar;q=0, es')).toBe('es');
    expect(fromAcceptLanguage('ar;q=0')).toBeNull();
    expect(fromAcceptLanguage(';;;,q=,, ;q=abc')).toBeNull();
  });

  it('prefers the saved choice, then ui_locales, then Accept-Language, then English', () => {
    const all = { saved: 'de', uiLocales: 'fr', acceptLanguage: 'es' };
    expect(negotiateLocale(all)).toBe('de');
    expect(negotiateLocale({ ...all, saved: 'klingon' })).toBe('fr');
    expect(negotiateLocale({ ...all, saved: null, uiLocales: 'xx' })).toBe('es');
    expect(negotiateLocale({})).toBe('en');
  });

  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
  });
});
