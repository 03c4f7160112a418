/** The benchmark's baseline server: bare Elysia answering GET /hello with JSON on PORT, nothing else. */
import { Elysia } from 'elysia'

new Elysia().get('/hello', () => ({ hello: 'world' })).listen({ port: Number(process.env.PORT), hostname: '127.0.0.1' })
