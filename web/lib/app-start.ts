// How the page starts its app (web/boot.ts, ADR 7): the build puts the app's script tag inside
// `<template id="app-script">` (inert there) and the page's script beside it; that script adds the tag to the page
// once the page's main image has been painted, and the app announces with an `app-started` event on the document
// that it has hydrated.

export const APP_SCRIPT_ID = "app-script";
export const APP_STARTED_EVENT = "app-started";
