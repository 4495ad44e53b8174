/**
 * WCAG 2.2 contrast (§1.4.3, "contrast minimum"): a brand colour is used as the background of
 * the primary action, under white text, so it must reach AA for normal text (4.5:1) against it.
 */
export const BUTTON_TEXT_COLOR = '#ffffff';
export const AA_NORMAL_TEXT = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** Relative luminance of an sRGB colour written #rrggbb (WCAG 2.2 definition). */
export function relativeLuminance(hex: string): number {
  const digits = HEX.exec(hex)?.[1];
  if (!digits) throw new TypeError(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Whether white button text on this colour is readable (WCAG AA, normal text). */
export function isReadableButtonColor(hex: string): boolean {
  return isHexColor(hex) && contrastRatio(hex, BUTTON_TEXT_COLOR) >= AA_NORMAL_TEXT;
}
