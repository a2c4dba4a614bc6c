// The hello-world reference of `npm run bench:ui`: the smallest React page, built with the
// same Vite and React as the lab and served the same way, to compare first views against.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Hello() {
  return <h1 data-testid="hello">Hello, world</h1>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Hello />
  </StrictMode>,
);
