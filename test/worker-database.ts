// Runs first in each test file: a worker of a parallel run works on its own copy of the
// migrated database (npm test makes one per worker, console_test_unit_1, _2, …), so files
// never see each other's rows.
const perWorker = process.env.TEST_DATABASE_URL_PER_WORKER;
if (perWorker) {
  const url = new URL(perWorker);
  url.pathname = url.pathname.replace("WORKER", process.env.VITEST_POOL_ID ?? "1");
  process.env.DATABASE_URL = url.toString();
}
