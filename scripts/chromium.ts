// The journeys and the benchmark launch the same chromium as the PDF service, with the same flags.
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../simulator/src/pdf/chromium.ts'
