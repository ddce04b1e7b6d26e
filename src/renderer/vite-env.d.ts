// Vite's client types: CSS side-effect imports and import.meta.env.
/// <reference types="vite/client" />
