/**
 * The product pages; nothing of them is used elsewhere. Pages are reached through the route table
 * (app/router.tsx), each a chunk of its own, so no page is exported here.
 */
export {}
