import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles.css';
import '../ui/app.css';
import { App } from './App';
import { installRateLab } from './rateLab';

installRateLab();

const root = document.getElementById('root');
if (!root) throw new Error('Rate Limit Lab: the #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
