/** What may run before a logout, and for how long at most. */
type LogoutTask = () => unknown;

/** A task that has not finished by then is left behind: logging out must never wait long. */
export const LOGOUT_TASK_TIMEOUT_MS = 3_000;

const tasks = new Set<LogoutTask>();
let running = false;

/**
 * Registers work that must run at the start of every logout, while the session's tokens are
 * still valid: the host unsubscribes the browser from push notifications and tells the API
 * (DELETE /push/subscriptions). Best effort: a task that fails or takes longer than
 * {@link LOGOUT_TASK_TIMEOUT_MS} never keeps the user signed in. Returns a function that
 * removes the task.
 */
export function onBeforeLogout(task: LogoutTask): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/**
 * Runs the registered tasks side by side (logout calls it first). A logout started by a task's
 * own request (a 401 whose refresh fails) does not run them again.
 */
export async function runBeforeLogoutTasks(timeoutMs: number = LOGOUT_TASK_TIMEOUT_MS): Promise<void> {
  if (running || tasks.size === 0) return;
  running = true;
  try {
    await Promise.all(
      [...tasks].map((task) =>
        Promise.race([
          Promise.resolve()
            .then(task)
            .catch((error: unknown) => console.warn('A logout task failed', error)),
          new Promise((resolve) => setTimeout(resolve, timeoutMs)),
        ]),
      ),
    );
  } finally {
    running = false;
  }
}
