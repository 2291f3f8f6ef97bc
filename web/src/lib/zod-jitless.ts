import { config } from "zod";

// Zod probes `new Function` to decide whether to compile its parsers. Our CSP has no
// 'unsafe-eval', so Chromium reports that probe as a CSP issue in DevTools (and Lighthouse
// counts it against best practices) even though zod catches the error. Imported first in
// main.tsx: object schemas make the probe as they are built.
config({ jitless: true });
