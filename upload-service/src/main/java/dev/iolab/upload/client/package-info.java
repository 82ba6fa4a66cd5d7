/**
 * Who is calling, and what one caller may hold. The API keys ({@code upload.api-key}, per client {@code
 * upload.api-keys.<client-name>}; without any the service refuses to start unless {@code upload.open=true}), checked for
 * the {@code /uploads} routes and the health details; the client a request counts against ({@link
 * dev.iolab.upload.client.ClientIdentity}, {@link dev.iolab.upload.client.ClientKey}: its key's name, or its address —
 * from {@code X-Forwarded-For} only behind a trusted proxy, {@code upload.proxy.trusted}, and IPv6 per /64); and the
 * mechanism that keeps one client to its share of what everyone shares, and keeps the last part of it for clients
 * that hold none ({@link dev.iolab.upload.client.ClientShares}, {@code upload.client-share.*}, 429 {@code
 * over-share}). Imports no feature.
 */
package dev.iolab.upload.client;
