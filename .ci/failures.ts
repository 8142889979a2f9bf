/**
 * What each failed test printed, cut out of a `bun test` run's output, so the end of `npm test` can say
 * it again just above the summary: a CI log is often read from its tail, and a long run has pushed the
 * error far up by then.
 */

/** Bun prints a test's error just before its "(fail)" line, after the previous test's result line. */
const RESULT_LINE = /^\((pass|fail|skip|todo)\) /
const FILE_HEADER = /\.test\.tsx?:$/

/**
 * Each failed test's error and its "(fail)" line. A long error keeps its first lines (the message: which
 * wait or match failed) and its last (where), `maxLines` in all: a DOM printed between them is left out.
 */
export function failureExcerpts(output: string, maxLines = 40): string[] {
  const excerpts: string[] = []
  let block: string[] = []
  for (const line of output.split('\n')) {
    if (line.startsWith('(fail) ')) {
      // A line is cut at 1,000 characters: a failed match on a long output prints all of it on one line.
      const kept = headAndTail(
        block.filter((l) => l.trim() !== ''),
        maxLines,
      ).map((l) => (l.length > 1000 ? `${l.slice(0, 1000)} …` : l))
      excerpts.push([...kept, line].join('\n'))
      block = []
    } else if (RESULT_LINE.test(line) || FILE_HEADER.test(line)) {
      block = []
    } else {
      block.push(line)
    }
  }
  return excerpts
}

function headAndTail(lines: string[], maxLines: number): string[] {
  if (lines.length <= maxLines) return lines
  const head = Math.floor(maxLines / 2)
  const tail = maxLines - head
  return [...lines.slice(0, head), `… (${lines.length - maxLines} lines left out) …`, ...lines.slice(-tail)]
}

/** The failed tests' excerpts; for a run that failed with no test failed (a load error, a crash), its last lines. */
export function whatFailed(code: number, output: string, maxLines = 40): string[] {
  const excerpts = failureExcerpts(output, maxLines)
  if (code === 0 || excerpts.length > 0) return excerpts
  const tail = output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-maxLines)
  return [`(exited with code ${code}; its last lines:)\n${tail.join('\n')}`]
}
