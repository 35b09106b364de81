/** Settings the journeys' server starts with (playwright.config.ts) that the journeys check for. */

/** The shop's community chat group: the home page's Contact Us goes there. Never followed off-site. */
export const CHAT_GROUP_URL = 'https://chat.whatsapp.com/LarderE2EShoppers'
