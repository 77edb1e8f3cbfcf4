import { nextTask } from './lib/next-task'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

/**
 * The app's modules are evaluated in two tasks rather than one: React DOM alone, then the
 * app's shell, router and stores (decision 167). Evaluated together they were the longest task
 * of a page's start on a phone. Both are fetched at once, at the start (build/app-scripts-after-paint).
 */
async function start(root: HTMLElement): Promise<void> {
  await import('react-dom/client')
  await nextTask()
  const { startApp } = await import('./app/start-app')
  await nextTask()
  await startApp(root)
}

void start(root)
