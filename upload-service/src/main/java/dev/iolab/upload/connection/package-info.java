/**
 * The connections under the requests: Tomcat's connector with the limits Tomcat lacks ({@link
 * dev.iolab.upload.connection.GuardedNioEndpoint}: connections per client address, a deadline for request heads), the
 * connection under a request ({@link dev.iolab.upload.connection.TomcatConnections}, {@link
 * dev.iolab.upload.connection.RequestSocket}) whose read and write timeouts a body or response decorator sets, and the
 * slowest transfer accepted ({@link dev.iolab.upload.connection.MinimumRate}). Imports no feature.
 */
package dev.iolab.upload.connection;
