// The sidebar's appearance controls: System / Light / Dark as native radios (arrow keys move the
// choice), and whether chart images are exported on a dark background.
import { THEME_CHOICES } from './themeChoice.ts';
import {
  setDarkChartExports,
  setThemeChoice,
  useDarkChartExports,
  useThemeChoice,
} from './themeStore.ts';

/** Theme radios plus the dark-images switch, remembered in localStorage. */
export function ThemeToggle() {
  const choice = useThemeChoice();
  const darkExports = useDarkChartExports();
  return (
    <div className="sidebar-settings">
      <fieldset className="theme-toggle" data-testid="theme-toggle">
        <legend>Theme</legend>
        <div className="theme-toggle-row">
          {THEME_CHOICES.map((option) => (
            <label
              key={option.value}
              className={
                option.value === choice ? 'theme-option theme-option-current' : 'theme-option'
              }
            >
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={option.value === choice}
                onChange={() => setThemeChoice(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <label
        className="sidebar-switch"
        title="Chart images (PNG, SVG) are exported on white unless this is on"
      >
        <input
          type="checkbox"
          role="switch"
          checked={darkExports}
          onChange={(e) => setDarkChartExports(e.target.checked)}
        />
        Dark chart images
      </label>
    </div>
  );
}
