/**
 * npm test's API and browser lanes cut one `bun test` run into results per file (.ci/file-queue.ts). After
 * the last file bun repeats every failed test of the run ("1 tests failed:" then each "(fail) …"): those
 * lines are not the last file's, and a failure elsewhere must not be counted a second time against it.
 */
import { expect, test } from 'bun:test'
import { beforeRunSummary, countResults, isNamed, onlyWords, TEST_FILE } from '../../.ci/file-queue'

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

test("a run that never came to bun's closing line counts one failure, whatever its exit code", () => {
  const finished = '(pass) a [1.00ms]\n\n 1 pass\n 0 fail\nRan 1 test across 1 file. [10.00ms]\n'
  expect(countResults(0, finished)).toEqual({ passed: 1, failed: 0 })
  // A test called process.exit(0): the process ended with 0 before bun counted anything.
  expect(countResults(0, '(pass) a [1.00ms]\n')).toEqual({ passed: 0, failed: 1 })
  // A file that did not load: bun counts it as an error and exits 1 with no test failed.
  expect(countResults(1, ' 0 pass\n 0 fail\n 1 error\nRan 0 tests across 1 file. [5.00ms]\n')).toEqual({ passed: 0, failed: 1 })
})

test('ONLY_FILES names files by words of their paths, "./" or not; a value with no word is a mistake, not "every file"', () => {
  expect(onlyWords(undefined)).toBeNull()
  expect(onlyWords('')).toBeNull()
  expect(onlyWords(' ./api/test/auth.test.ts , contact ')).toEqual(['api/test/auth.test.ts', 'contact'])
  expect(() => onlyWords(',')).toThrow('names no file')
  expect(() => onlyWords(' ')).toThrow('names no file')
  expect(isNamed('./api/test/auth.test.ts', ['api/test/auth.test.ts'])).toBe(true)
  expect(isNamed('./api/test/auth.test.ts', ['contact'])).toBe(false)
  expect(isNamed('./api/test/auth.test.ts', null)).toBe(true)
})

test("the files taken for tests are bun's own: .test and _test, .spec and _spec, in JS or TS", () => {
  for (const name of ['a.test.ts', 'a.test.tsx', 'a_test.ts', 'a.spec.js', 'a_spec.mts']) expect(TEST_FILE.test(name)).toBe(true)
  for (const name of ['a.ts', 'test.ts', 'a.test.json', 'contest.ts']) expect(TEST_FILE.test(name)).toBe(false)
})
