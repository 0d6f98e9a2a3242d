import { darken, luminance, type MantineColorsTuple, type MantineTheme } from '@mantine/core';

/** WCAG 2.1 AA (1.4.3) for normal text. */
export const AA_TEXT_CONTRAST = 4.5;
/** Aimed a little above AA so that rounding in the browser and in axe never lands below it. */
const TARGET_CONTRAST = 4.6;
const DARKEN_STEP = 0.04;

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The text colour of a colour's light variant (badges, light buttons, light alerts). Mantine uses
 * shade 9 on shade 1 (shade 2 on hover), which for green, teal, yellow and others stays below 4.5:1:
 * shade 9 is darkened towards black, which keeps its hue, until it reads on both backgrounds.
 */
export function readableLightText(shades: MantineColorsTuple): string {
  const background = shades[2];
  let text = shades[9];
  for (
    let amount = DARKEN_STEP;
    contrastRatio(text, background) < TARGET_CONTRAST && amount < 1;
    amount += DARKEN_STEP
  ) {
    text = darken(shades[9], amount);
  }
  return text;
}

/** Light-scheme CSS variables giving every theme colour's light variant a text colour at AA contrast. */
export function readableLightTextVariables(theme: MantineTheme): Record<string, string> {
  return Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      readableLightText(shades),
    ]),
  );
}
