import type { TestProject } from 'vitest/node'
import {
  dropDatabaseTemplate,
  makeDatabaseTemplate,
} from '../../apps/server/test/database-template'

/**
 * One embedded database, migrated, for every journey's server to start from: a new one took
 * most of a server's start (apps/server/test/database-template.ts). The journeys run on PGlite.
 */
export default async function setup(project: TestProject) {
  const template = await makeDatabaseTemplate()
  project.provide('databaseTemplate', template)
  return () => dropDatabaseTemplate(template)
}
