import { createDatabaseTemplate } from './database-template'

// The child process of makeDatabaseTemplate (./database-template.ts): prints the template made.
const template = await createDatabaseTemplate(process.env.TEST_DATABASE_URL || undefined)
process.stdout.write(JSON.stringify(template))
