import { onBeforeLogout, runBeforeLogoutTasks } from '../logout-tasks';

afterEach(() => jest.useRealTimers());

describe('onBeforeLogout', () => {
  it('runs every registered task until it is removed', async () => {
    const first = jest.fn();
    const second = jest.fn(async () => {});
    const removeFirst = onBeforeLogout(first);
    const removeSecond = onBeforeLogout(second);

    await runBeforeLogoutTasks();
    removeFirst();
    await runBeforeLogoutTasks();
    removeSecond();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('never lets a failing or hanging task hold the logout up', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const removeFailing = onBeforeLogout(() => {
      throw new Error('offline');
    });
    const removeHanging = onBeforeLogout(() => new Promise(() => {}));

    const done = jest.fn();
    const running = runBeforeLogoutTasks(3_000).then(done);
    await jest.advanceTimersByTimeAsync(2_999);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await running;

    expect(done).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('A logout task failed', expect.any(Error));
    removeFailing();
    removeHanging();
    warn.mockRestore();
  });

  it('does not run the tasks again for a logout a task itself started', async () => {
    let nested: Promise<void> | undefined;
    const task = jest.fn(() => {
      nested = runBeforeLogoutTasks();
    });
    const remove = onBeforeLogout(task);
    await runBeforeLogoutTasks();
    await nested;
    remove();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
