import { readdir, readFile } from 'node:fs/promises'

export interface ProcessMemory {
  pid: number
  command: string
  rssMb: number
}

const MB = 1024 * 1024

/**
 * Resident memory of every process in the group, from /proc (Linux): the group's total is what
 * the machine gives the server, whatever it spawned.
 */
export async function groupMemory(
  pgid: number,
): Promise<{ totalMb: number; processes: ProcessMemory[] }> {
  const processes: ProcessMemory[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command (which may hold spaces) start after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== pgid) continue
      const status = await readFile(`/proc/${entry}/status`, 'utf8')
      const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0)
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0').join(' ')
      processes.push({ pid: Number(entry), command: cmdline.trim(), rssMb: (rssKb * 1024) / MB })
    } catch {
      // The process ended while it was read.
    }
  }
  processes.sort((a, b) => b.rssMb - a.rssMb)
  return { totalMb: processes.reduce((s, p) => s + p.rssMb, 0), processes }
}
