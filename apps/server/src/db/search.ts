import { like, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { containsPattern, wholeWordPattern, wordStartPattern } from '../lib/search-text.js'

/**
 * Catalogue search in SQL (decisions 030 and 152). `terms` come from `searchTermsOf`: one
 * entry per query word, each the word and its singular/plural forms.
 */

/** One condition per word: one of its forms occurs in `text` (served by the trigram index). */
export function searchConditions(text: PgColumn, terms: string[][]): SQL[] {
  return terms.map((forms) => or(...forms.map((form) => like(text, containsPattern(form))))!)
}

/**
 * How well a row matches, for ordering: per word, its best form scores 6 as a whole word of
 * the name, 5 as the start of a word of the name, 4 inside the name, then 3, 2 and 1 for
 * the same in the whole searchable text (the description). The words' scores add up.
 * Plain LIKEs on the stored folded text, so PGlite and PostgreSQL order alike.
 */
export function relevanceOf(name: PgColumn, text: PgColumn, terms: string[][]): SQL {
  const wordScores = terms.map((forms) => {
    const formScores = forms.map(
      (form) => sql`(case
        when (' ' || ${name} || ' ') like ${wholeWordPattern(form)} then 6
        when (' ' || ${name}) like ${wordStartPattern(form)} then 5
        when ${name} like ${containsPattern(form)} then 4
        when (' ' || ${text} || ' ') like ${wholeWordPattern(form)} then 3
        when (' ' || ${text}) like ${wordStartPattern(form)} then 2
        when ${text} like ${containsPattern(form)} then 1
        else 0 end)`,
    )
    return formScores.length === 1 ? formScores[0]! : sql`greatest(${sql.join(formScores, sql`, `)})`
  })
  return sql`(${sql.join(wordScores, sql` + `)})`
}
