/**
 * Stops a child started in a process group of its own (`spawn(..., { detached: true })`), and all the group
 * runs, as Ctrl-C at a terminal does: SIGINT. Test runners clean up on it what they started in groups of their
 * own, which no signal to this group reaches: Playwright stops its web server (on SIGTERM it left it running,
 * holding the test ports). A group still running after `graceMs` is killed. Resolves once the child has closed.
 */
export function interruptGroup(child, graceMs) {
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group has already gone.
    }
  };
  const closed = new Promise((resolve) => child.once('close', resolve));
  signal('SIGINT');
  const killing = setTimeout(() => signal('SIGKILL'), graceMs);
  return closed.finally(() => clearTimeout(killing));
}
