import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';
import { announceLostAccess } from './lib/access-lost';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

announceLostAccess();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
