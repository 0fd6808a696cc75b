"""Discord's permission bits and its channel permission computation.

Order, as Discord documents it: @everyone's guild permissions | the member's roles (owner and
ADMINISTRATOR get everything); then the channel's @everyone overwrite, the member's role
overwrites (all denies, then all allows), the member overwrite.  A thread has no overwrites of
its own and uses its parent's.  Without VIEW_CHANNEL nothing is left; without the right to send
(SEND_MESSAGES in a channel, SEND_MESSAGES_IN_THREADS in a thread) the send-related extras go too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Channel, Guild

PERMISSIONS: dict[str, int] = {
    "create_instant_invite": 1 << 0, "kick_members": 1 << 1, "ban_members": 1 << 2, "administrator": 1 << 3,
    "manage_channels": 1 << 4, "manage_guild": 1 << 5, "add_reactions": 1 << 6, "view_audit_log": 1 << 7,
    "view_channel": 1 << 10, "send_messages": 1 << 11, "send_tts_messages": 1 << 12, "manage_messages": 1 << 13,
    "embed_links": 1 << 14, "attach_files": 1 << 15, "read_message_history": 1 << 16, "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18, "manage_roles": 1 << 28, "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34, "create_public_threads": 1 << 35, "create_private_threads": 1 << 36,
    "use_external_stickers": 1 << 37, "send_messages_in_threads": 1 << 38,
}
ALIASES = {"view": "view_channel", "send": "send_messages", "send_in_threads": "send_messages_in_threads",
           "read_history": "read_message_history"}

VIEW_CHANNEL = PERMISSIONS["view_channel"]
SEND_MESSAGES = PERMISSIONS["send_messages"]
SEND_MESSAGES_IN_THREADS = PERMISSIONS["send_messages_in_threads"]
ATTACH_FILES = PERMISSIONS["attach_files"]
MANAGE_THREADS = PERMISSIONS["manage_threads"]
PRIVATE_THREAD = 12  # the channel type
MANAGE_MESSAGES = PERMISSIONS["manage_messages"]
CREATE_PUBLIC_THREADS = PERMISSIONS["create_public_threads"]
CREATE_PRIVATE_THREADS = PERMISSIONS["create_private_threads"]
ADMINISTRATOR = PERMISSIONS["administrator"]
ALL_PERMISSIONS = (1 << 53) - 1
# lost along with the right to send (Discord's implicit denial)
SEND_EXTRAS = (PERMISSIONS["send_tts_messages"] | PERMISSIONS["mention_everyone"] | PERMISSIONS["attach_files"]
               | PERMISSIONS["embed_links"])
# what a bot may do in a DM with a user
DM_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | PERMISSIONS["embed_links"] | ATTACH_FILES
                  | PERMISSIONS["read_message_history"] | PERMISSIONS["add_reactions"]
                  | PERMISSIONS["use_external_emojis"] | PERMISSIONS["use_application_commands"])


def permission_bit(name: str) -> int:
    key = ALIASES.get(name, name)
    if key not in PERMISSIONS:
        raise ValueError(f"unknown permission {name!r}; known: {sorted(PERMISSIONS) + sorted(ALIASES)}")
    return PERMISSIONS[key]


def compute(guild: Guild, user_id: int, channel: Channel, parent: Channel | None) -> int:
    """``user_id``'s permissions in ``channel`` (a guild channel; ``parent`` when it is a thread)."""
    if user_id == guild.owner_id:
        return ALL_PERMISSIONS
    perms = int(guild.member_permissions(user_id))
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    source = parent if channel.is_thread and parent is not None else channel
    ow = source.overwrites
    if (everyone := ow.get(guild.id)) is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    roles = [ow[r] for r in guild.members.get(user_id, []) if r in ow and r != guild.id]
    deny = allow = 0
    for o in roles:
        deny, allow = deny | o.deny, allow | o.allow
    perms = (perms & ~deny) | allow
    if (member := ow.get(user_id)) is not None and member.type == 1:
        perms = (perms & ~member.deny) | member.allow
    if not perms & VIEW_CHANNEL:
        return 0
    if channel.type == PRIVATE_THREAD and user_id not in channel.thread_members and not perms & MANAGE_THREADS:
        return 0  # a private thread shows to its members and to those who manage threads
    if not perms & (SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES):
        perms &= ~SEND_EXTRAS
    return perms
