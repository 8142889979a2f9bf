/** Each formatting button's effect on the text and its selection: Markdown marks added, and taken off when pressed again. */
import { describe, expect, test } from 'bun:test'
import { applyFormat } from './markdownEdits'

const at = (text: string, start: number, end = start) => ({ text, start, end })

describe('formatting buttons', () => {
  test('bold wraps the selected words and keeps them selected; pressed again, it takes the marks off', () => {
    const bold = applyFormat(at('hello world', 0, 5), 'bold')
    expect(bold).toEqual({ text: '**hello** world', start: 2, end: 7 })
    expect(applyFormat(bold, 'bold')).toEqual(at('hello world', 0, 5))
  })

  test('italic with nothing selected adds placeholder words, selected to be typed over', () => {
    expect(applyFormat(at('Come in ', 8), 'italic')).toEqual({ text: 'Come in *italic text*', start: 9, end: 20 })
  })

  test('italic inside bold adds its own marks instead of eating half of the bold ones', () => {
    const bold = applyFormat(at('hello', 0, 5), 'bold')
    expect(applyFormat(bold, 'italic').text).toBe('***hello***')
  })

  test('a numbered list numbers every selected line, and a second press takes the numbers off', () => {
    const listed = applyFormat(at('one\ntwo\nthree', 2, 9), 'numbers')
    expect(listed.text).toBe('1. one\n2. two\n3. three')
    expect(applyFormat(listed, 'numbers').text).toBe('one\ntwo\nthree')
  })

  test('a new mark replaces a line’s other one: a bulleted line made a quote is not both', () => {
    expect(applyFormat(at('- one\ntwo', 0, 9), 'quote').text).toBe('> one\n> two')
    expect(applyFormat(at('Title\n\nbody', 2), 'heading')).toEqual({ text: '## Title\n\nbody', start: 0, end: 8 })
  })

  test('a link puts the address after the selected words and selects the words', () => {
    expect(applyFormat(at('Book a room', 7, 11), 'link', '/stay')).toEqual({ text: 'Book a [room](/stay)', start: 8, end: 12 })
  })
})
