import type { TestProject } from 'vitest/node'
import { dropDatabaseTemplate, makeDatabaseTemplate } from './database-template'

/** One database for every test server of the run to start from (./database-template.ts). */
export default async function setup(project: TestProject) {
  const template = await makeDatabaseTemplate(process.env.TEST_DATABASE_URL)
  project.provide('databaseTemplate', template)
  return () => dropDatabaseTemplate(template)
}
