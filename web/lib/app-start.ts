// How the page starts its app (web/boot.ts, ADR 7): the build puts the app's script tag inside
// `<template id="app-script">` (inert there) and the page's script beside it; that script adds the tag to the page
// once the page's main image, named for Element Timing, has been painted, and the app announces with an
// `app-started` event on the document that it has hydrated.

export const APP_SCRIPT_ID = "app-script";
export const APP_STARTED_EVENT = "app-started";
/** The `elementtiming` name of the page's main image (the portrait): the app starts once it has been painted. */
export const MAIN_IMAGE = "main-image";
