/** Waits (at most 2 s) for running CSS transitions and animations to end, so a page is judged in its end state. */
export async function animationsSettled(page) {
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => {})));
    return Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}
