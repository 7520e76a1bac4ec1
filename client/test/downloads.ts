import { vi } from 'vitest'

/** A file the page saved: its name, its object URL or data URL, and the blob behind an object URL. */
export interface CapturedDownload {
  name: string
  href: string
  blob: Blob | null
}

/**
 * Captures the files a component saves through an object URL and an anchor click (export-rows.ts
 * saveObjectUrl, the chart menus): jsdom has neither, so the blob each URL stands for is kept and
 * each click recorded. Restore with vi.restoreAllMocks() after each test.
 */
export function captureDownloads(): CapturedDownload[] {
  const files: CapturedDownload[] = []
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href) ?? null, href: this.href })
  })
  return files
}
