// "Notify me when a campaign finishes": the browser-mode switch; the click that turns it on asks
// for the permission, and a refused or blocked permission is explained under it.
import { useState } from 'react';
import { permissionNote } from './campaignNotice.ts';
import { browserMode, setNotifyWanted, useNotifySetting } from './campaignNotifications.ts';

/** The switch and its note; renders nothing in Electron, whose main process notifies natively. */
export function NotifySwitch() {
  const { wanted, permission } = useNotifySetting();
  const [asking, setAsking] = useState(false);
  if (!browserMode) return null;
  const on = wanted && permission === 'granted';
  const note = permissionNote(permission, wanted);
  return (
    <div className="notify-setting">
      <label className="sidebar-switch">
        <input
          type="checkbox"
          role="switch"
          data-testid="notify-switch"
          checked={on}
          disabled={asking || permission === 'unsupported'}
          aria-describedby={note ? 'notify-note' : undefined}
          onChange={(e) => {
            const next = e.target.checked;
            setAsking(true);
            void setNotifyWanted(next).finally(() => setAsking(false));
          }}
        />
        Notify me when a campaign finishes
      </label>
      {note && (
        <p id="notify-note" className="sidebar-note" data-testid="notify-note">
          {note}
        </p>
      )}
    </div>
  );
}
