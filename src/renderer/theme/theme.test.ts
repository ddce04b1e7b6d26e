// The theme's pure parts: the stored choice, how it resolves against the OS, and the dark chart palette.
import assert from 'node:assert/strict';
import test from 'node:test';
import { darkChartOption, darkColor, DARK_CHART_BACKGROUND } from './darkChartOption.ts';
import { parseThemeChoice, resolveTheme } from './themeChoice.ts';

test('a stored choice is read back; anything else follows the OS', () => {
  assert.equal(parseThemeChoice('dark'), 'dark');
  assert.equal(parseThemeChoice('light'), 'light');
  assert.equal(parseThemeChoice('system'), 'system');
  assert.equal(parseThemeChoice(null), 'system');
  assert.equal(parseThemeChoice('purple'), 'system');
});

test('System follows the OS; Light and Dark override it', () => {
  assert.equal(resolveTheme('system', true), 'dark');
  assert.equal(resolveTheme('system', false), 'light');
  assert.equal(resolveTheme('light', true), 'light');
  assert.equal(resolveTheme('dark', false), 'dark');
});

test('palette colours get their dark counterpart; series hues and unknown colours stay', () => {
  assert.equal(darkColor('#0F172A'), '#e2e8f0');
  assert.equal(darkColor('#eef1f5'), '#263041');
  assert.equal(darkColor('#2563eb'), '#2563eb');
  assert.equal(darkColor('rgba(1, 2, 3, 0.5)'), 'rgba(1, 2, 3, 0.5)');
});

test('a dark chart option recolours axes, legend and tooltip but leaves data and formatters', () => {
  const formatter = (): string => '<span style="color:#0f172a">x</span>';
  const light = {
    legend: { textStyle: { color: '#475569' } },
    xAxis: {
      axisLine: { lineStyle: { color: '#cbd5e1' } },
      splitLine: { lineStyle: { color: '#eef1f5' } },
    },
    tooltip: { trigger: 'axis', formatter },
    series: [{ name: 'Target', itemStyle: { color: '#0f172a' }, data: [['#0f172a', 1]] }],
  };
  const dark: typeof light & { backgroundColor?: string } = darkChartOption(light);
  assert.equal(dark.backgroundColor, DARK_CHART_BACKGROUND);
  assert.equal(dark.legend.textStyle.color, '#cbd5e1');
  assert.equal(dark.xAxis.axisLine.lineStyle.color, '#475569');
  assert.equal(dark.xAxis.splitLine.lineStyle.color, '#263041');
  assert.equal(dark.series[0]?.itemStyle.color, '#e2e8f0');
  assert.deepEqual(dark.series[0]?.data, [['#0f172a', 1]]);
  assert.equal(dark.tooltip.formatter, formatter);
  assert.equal(dark.tooltip.trigger, 'axis');
  assert.equal((dark.tooltip as { backgroundColor?: string }).backgroundColor, '#1e2736');
  assert.equal(light.legend.textStyle.color, '#475569', 'the light option is not changed');
});

test('an option without a tooltip gets none', () => {
  assert.equal('tooltip' in darkChartOption({ series: [] }), false);
});
