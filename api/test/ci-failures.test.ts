import { describe, expect, test } from 'bun:test'
import { failureExcerpts, whatFailed } from '../../.ci/failures'

const OUTPUT = `bun test v1.4.5

web/e2e/x.test.ts:
(pass) first [12ms]
42 |   expect(a).toBe(b)
error: expect(received).toBe(expected)

Expected: 2
Received: 1

      at <anonymous> (/repo/web/e2e/x.test.ts:42:13)
(fail) group > second [30ms]
(pass) third [1ms]
some log line
(skip) fourth

web/e2e/y.test.ts:
error: /about never showed
(fail) other file's test [5ms]

 3 pass
 2 fail
`

describe('failureExcerpts', () => {
  test('cuts out each failed test with the error printed just before it, and nothing of the tests that passed', () => {
    const excerpts = failureExcerpts(OUTPUT)
    expect(excerpts).toHaveLength(2)
    expect(excerpts[0]).toBe(
      [
        '42 |   expect(a).toBe(b)',
        'error: expect(received).toBe(expected)',
        'Expected: 2',
        'Received: 1',
        '      at <anonymous> (/repo/web/e2e/x.test.ts:42:13)',
        '(fail) group > second [30ms]',
      ].join('\n'),
    )
    expect(excerpts[1]).toBe("error: /about never showed\n(fail) other file's test [5ms]")
  })

  test('a long error keeps its first lines (the message) and its last (where it failed), not what was printed between', () => {
    const long = `${Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n')}\n(fail) long one`
    const [excerpt] = failureExcerpts(long, 4)
    expect(excerpt).toBe('line 0\nline 1\n… (96 lines left out) …\nline 98\nline 99\n(fail) long one')
  })

  test('a run with no failure gives none', () => {
    expect(failureExcerpts('(pass) a\n(pass) b\n 2 pass\n 0 fail\n')).toEqual([])
  })
})

describe('whatFailed', () => {
  test('a run that crashed before any test failed gives its last lines and its exit code', () => {
    const [report] = whatFailed(1, 'bun test v1.4.5\n\nerror: Cannot find module "./gone"\n', 5)
    expect(report).toBe('(exited with code 1; its last lines:)\nbun test v1.4.5\nerror: Cannot find module "./gone"')
  })

  test('a run that passed gives nothing, and failed tests give their excerpts only', () => {
    expect(whatFailed(0, '(pass) a\n 1 pass\n 0 fail\n')).toEqual([])
    expect(whatFailed(1, OUTPUT)).toEqual(failureExcerpts(OUTPUT))
  })
})

test('a failure whose error prints a whole output on one line is said again with that line cut to 1,000 characters', () => {
  const [excerpt] = failureExcerpts(`error: expect(received).toMatch(expected)\nReceived: "${'x'.repeat(50_000)}"\n(fail) long [1ms]\n`)
  const longest = Math.max(...excerpt!.split('\n').map((line) => line.length))
  expect(longest).toBeLessThanOrEqual(1002)
  expect(excerpt).toContain('(fail) long')
})
