/**
 * Who is calling: the API key ({@code upload.api-key}), checked once by {@link dev.iolab.upload.client.ApiKey} for the
 * {@code /uploads} routes and for the health details. What a client is allowed besides (its address behind a trusted
 * proxy, its fair share of slots and connections, refusing to start without a key) belongs here too. Imports no
 * feature.
 */
package dev.iolab.upload.client;
