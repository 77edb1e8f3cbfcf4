import { describe, expect, it } from 'vitest'
import { isSameMailbox, mailboxOf } from './mailbox.js'

describe('mailboxOf', () => {
  it('folds case, a +tag, and at Gmail the dots and googlemail.com', () => {
    expect(mailboxOf('Noa.Cohen+1@GMail.com')).toBe('noacohen@gmail.com')
    expect(mailboxOf('n.o.a.cohen+shop@googlemail.com')).toBe('noacohen@gmail.com')
    expect(mailboxOf('noa+2@walla.co.il')).toBe('noa@walla.co.il')
    expect(mailboxOf(' NOA@Example.com ')).toBe('noa@example.com')
  })

  it('keeps the dots where the provider does not ignore them', () => {
    expect(mailboxOf('noa.cohen@example.com')).toBe('noa.cohen@example.com')
    expect(isSameMailbox('noa.cohen@example.com', 'noacohen@example.com')).toBe(false)
  })

  it('leaves a name that is only a tag as it is', () => {
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com')
  })

  it('tells two addresses of one mailbox from two mailboxes', () => {
    expect(isSameMailbox('name+1@gmail.com', 'n.a.m.e+2@googlemail.com')).toBe(true)
    expect(isSameMailbox('name@gmail.com', 'other@gmail.com')).toBe(false)
    expect(isSameMailbox('name@gmail.com', 'name@example.com')).toBe(false)
  })
})
