/**
 * npm test's API and browser lanes cut one `bun test` run into results per file (.ci/file-queue.ts). After
 * the last file bun repeats every failed test of the run ("1 tests failed:" then each "(fail) …"): those
 * lines are not the last file's, and a failure elsewhere must not be counted a second time against it.
 */
import { expect, test } from 'bun:test'
import { beforeRunSummary } from '../../.ci/file-queue'

test("the run's closing list of failures is cut from the last file's lines", () => {
  const lastFile = [
    '(pass) a check of the last file [1.00ms]',
    '',
    '1 tests failed:',
    '(fail) staff screens > an earlier file’s test [32672.92ms]',
    '',
    ' 2 pass',
    ' 1 fail',
  ]
  expect(beforeRunSummary(lastFile)).toEqual(['(pass) a check of the last file [1.00ms]', ''])
  expect(beforeRunSummary(['(fail) its own failure [3.00ms]'])).toEqual(['(fail) its own failure [3.00ms]'])
})
