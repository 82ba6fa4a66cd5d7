/**
 * What every route shares, whatever its feature: how failures are answered and how a request's name and parameters are
 * read. {@link dev.iolab.upload.web.ProblemHandler} answers RFC 9457 problem+json for any {@link
 * dev.iolab.upload.web.ProblemException} (every feature throws it with one of its own {@link
 * dev.iolab.upload.web.ProblemType}s; {@link dev.iolab.upload.web.WebProblem} holds the shared ones) and for the store's
 * failures; {@link dev.iolab.upload.web.ProblemErrorController} and {@link dev.iolab.upload.web.ProblemReportValve} do
 * the same for what the container and Tomcat answer. {@link dev.iolab.upload.web.BlobNames}, {@link
 * dev.iolab.upload.web.QueryParameters} and {@link dev.iolab.upload.web.JsonOnly} read and check a request's head the
 * same way on every route. {@link dev.iolab.upload.web.ApiDocument} frames the OpenAPI document springdoc serves, and
 * {@link dev.iolab.upload.web.ApiParts} gives each feature the pieces to describe its own routes and problems in it.
 * Imports no feature.
 */
package dev.iolab.upload.web;
