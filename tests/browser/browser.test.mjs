// The suites that drive headless Chromium, in one process so that they share one browser
// (chromium.mjs): each registers its own tests and hooks, on a context of its own.
import './viewer_suite.mjs';
import './standalone_pages_suite.mjs';
import './failure_reports_suite.mjs';
import './engine_suite.mjs';
