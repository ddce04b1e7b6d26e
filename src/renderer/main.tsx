// Renderer entry: picks the host transport, then mounts the app with its providers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/ApiProvider.tsx';
import { pickTransport } from './api/transport.ts';
import { App } from './App.tsx';
import { applyStoredTheme } from './theme/themeStore.ts';
import { ActiveRunProvider } from './views/run/ActiveRunProvider.tsx';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/indicators.css';
import './styles/tables.css';
import './styles/panels.css';
import './styles/dialogs.css';
import './styles/screens.css';
import './styles/workloads.css';
import './styles/labs.css';
import './styles/agents.css';
import './styles/history.css';
import './styles/matrix.css';
import './styles/reference.css';
import './styles/drop.css';

applyStoredTheme();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <ApiProvider transport={pickTransport()}>
      <ActiveRunProvider>
        <App />
      </ActiveRunProvider>
    </ApiProvider>
  </StrictMode>,
);
