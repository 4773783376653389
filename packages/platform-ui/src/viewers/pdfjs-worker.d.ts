// The URL of pdf.js's worker script, as the bundler (Vite `?url`) emits it.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
