import { type Actor, personActor } from '@prospector/core';
import type { FastifyRequest } from 'fastify';
import { signedIn } from '../plugins/session-cookie';

/** The signed-in person, as the one who does what the request asks. */
export const requestActor = (request: FastifyRequest): Actor => personActor(signedIn(request).userId);
