/** True when a CSS hex colour (`#1f1f1f`, `#fff`) is dark: Office's body background decides the theme. */
export function isDarkColor(color: string | undefined): boolean | undefined {
  const hex = color?.trim().replace(/^#/, '');
  if (!hex || !/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  // Relative luminance (sRGB weights, without the gamma step: close enough to tell dark from light).
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}
