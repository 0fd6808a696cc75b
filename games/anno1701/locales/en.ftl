### Anno 1701 message catalogue: key (without "anno1701.") → (English, Hungarian).
###
### Hungarian names follow the rulebook (Centaur's translation); buildings the
### rulebook names only in German get a plain Hungarian rendering.

name = Anno 1701: The Card Game
rules =
    Two rival settlements race for the Queen's favour. Each upgrade of a citizen (explorer → settler → citizen → merchant) is one glory point: 7 points or two merchants win at once; a player whose two village centres both riot (no gold left) loses at once.
    Turn: roll the number die (landscapes, ship and buildings with that number produce, for both players) and the event die (fire, queen, tax, trader, trade advantage, pirate hunt). Then, in any order: build buildings, upgrade citizens (settler 2 food + 2 cloth; citizen 2 food + 2 rum + 1 tobacco; merchant 2 food + 2 rum + 2 tobacco), improve the ship (1 wood a step), play action cards, trade 3 of a kind for 1 with the bank or make an offer to your rival, use buildings whose number was rolled. Finally either sail or draw up to 3 cards (era I; II once you have a settler; III once you have a citizen; 1 gold to search a pile; with 3 cards you may swap one).
    Voyage: turn up to 3 + sails travel cards (captain +1, commander +2), resolving each at once; stop whenever you like. Rum and tobacco only come from voyages and only pay for upgrades. Cannons fight pirates; 3 money sacks / 3 cannons first take the trade / sea dominance, later only a majority keeps it.
    Gold: each gold you spend comes from the village centre you choose (a centre without gold riots and stops the landscapes it guards). Table option (not in the rulebook): at most 2 trade offers to your rival per turn by default, against endless haggling.
option-offers = Trade offers per turn
option-offers-desc = Not in the rulebook: how many trade offers the player to move may make to the rival in one turn (default 2, against endless haggling; 0 = no limit).

## goods

good-wood = Wood
good-cloth = Cloth
good-food = Food
good-brick = Brick
good-tools = Tools
good-rum = Rum
good-tobacco = Tobacco
good-gold = Gold

## citizen levels

level-explorer = Explorer
level-settler = Settler
level-citizen = Citizen
level-merchant = Merchant

## cards: settlement

card-explorer = Explorer
card-settler = Settler
card-citizen = Citizen
card-merchant = Merchant
card-centre = Village centre
card-summary = Summary
card-forest = Forest
card-pasture = Pasture
card-field = Field
card-claypit = Clay pit
card-mine = Mine
card-warehouse_rum = Rum warehouse
card-warehouse_tobacco = Tobacco warehouse
card-ship = Ship

## cards: buildings

card-lumberjack = Lumberjack's hut
card-sheepfarm = Sheep farm
card-farm = Farm
card-brickworks = Brickworks
card-smelter = Ore smelter
card-guildhall = Guild hall
card-chapel = Chapel
card-school = School
card-church = Church
card-theatre = Theatre
card-landing = Landing stage
card-firestation = Fire station
card-lodge = Lodge
card-shipyard = Great shipyard
card-foundry = Cannon foundry
card-foundry2 = Great cannon foundry
card-sailmaker = Sailmaker
card-sailmaker2 = Great sailmaker
card-market = Market place
card-tradinghouse = Trading house

## cards: actions

card-bishop = Bishop
card-inventor = Inventor
card-poisoner = Poisoner
card-captain = Captain
card-commander = Commander
card-agitator = Agitator
card-spy = Spy
card-pickpocket = Pickpocket

## cards: voyage

card-tribute = Pirates demand tribute
card-siege = Pirates besiege free traders
card-freetrader = Free traders
card-foreign = Foreign people
card-cliffs = Dangerous cliffs
card-tornado = Tornado
card-flotsam = Flotsam in dangerous cliffs
card-shipwrecked = Shipwrecked

## card texts (renderer)

text-bishop = 1 gold per chapel, 2 per church
text-inventor = Take 2 goods of your choice
text-poisoner = Rival with a citizen loses 2 goods
text-captain = Voyage: +1 speed, +1 fight
text-commander = Voyage: +2 speed, +2 fight
text-agitator = Rival loses 2 gold
text-spy = Take a card from the rival's hand
text-pickpocket = +1 gold, rival −1 gold
text-guildhall = Any good
text-landing = Swap a good
text-lodge = Hand card ↔ top discard
text-firestation = No fire damage
text-shipyard = 1 wood: ship +2
text-theatre = 1 gold: cancel harm
text-build_gold = +{ $n } gold when built

## dominance

token-trade = trade dominance
token-sea = sea dominance

## event die

ev-die-fire = Fire
ev-die-queen = Queen
ev-die-tax = Tax
ev-die-trader = Trader
ev-die-advantage = Trade advantage
ev-die-hunt = Pirate hunt

## action labels

act-roll = Roll the dice
act-build = Build: { $card }
act-play = Play: { $card }
act-upgrade = Upgrade to { $level }
act-ship = Improve the ship (1 wood)
act-use = Use: { $card }
act-bank = Bank: give 3 { $give }
act-bank_get = 3 { $give } → 1 { $get }
act-offer = Make a trade offer
act-offer_give = Offer +1 { $good }
act-offer_get = Ask +1 { $good }
act-offer_send = Send the offer
act-accept = Accept
act-refuse = Refuse
act-back = Back
act-end_actions = End the action phase
act-gain_good = Take { $good }
act-take_good = Take { $good } from the rival
act-lose_good = Lose { $good }
act-skip = Skip
act-trader_buy = 1 gold → { $good }
act-trader_sell = { $good } → 1 gold
act-theatre_yes = Theatre: pay 1 gold, cancel { $card }
act-theatre_no = Let it happen
act-spy_take = Take { $card }
act-landing = { $give } → { $get }
act-lodge = Put { $card } under pile { $pile }, take { $top }
act-voyage = Set sail
act-voyage_with = Set sail with the { $card }
act-draw = Draw from pile { $pile } (era { $era })
act-search = Search pile { $pile } (era { $era }, 1 gold)
act-centre = Centre 1 pays { $one }, centre 2 pays { $two } (left: { $left1 } | { $left2 })
act-confirm_yes = Yes: spend it and lose the game
act-confirm_no = No, take it back
act-swap = Swap { $card } (under pile { $pile })
act-pass = End the turn
act-pick = Take { $card }
act-tribute_pay = Pay 1 gold
act-fight = Fight
act-buy = Buy { $good } for { $price } gold
act-buy_none = Buy nothing
act-continue = Sail on
act-stop = Return home

## prompts

prompt-roll = Roll the dice.
prompt-action = Build, upgrade, trade or play cards — then end the action phase.
prompt-end = Set sail, or draw up to 3 cards.
prompt-draw = Draw a card.
prompt-guild = Guild hall: choose a good.
prompt-landing = Landing stage: swap a good?
prompt-lodge = Lodge: swap a hand card for the top discard?
prompt-queen = The Queen: choose a good.
prompt-hunt = Pirate hunt: choose a good.
prompt-trader = Trader: swap 1 gold and 1 good?
prompt-take = Trade advantage: take a good from your rival.
prompt-inventor = Inventor: choose a good.
prompt-poison = Poisoner: choose a good to lose.
prompt-theatre = Your rival played a harmful card. Cancel it with the theatre?
prompt-spy = Spy: take one card from your rival's hand.
prompt-bankget = Bank: what do you want for it?
prompt-offer = Compose your offer, then send it.
prompt-centre = Which village centre pays the gold?
prompt-confirm = This move spends your last gold: both village centres riot and you lose at once. Really?
prompt-answer = Your rival offers a trade. Accept?
prompt-pick = Choose a card from the pile.
prompt-tribute = Pirates demand tribute: pay 1 gold or fight.
prompt-buy = Traders: buy at most one good.
prompt-next = Sail on or return home?
prompt-voyage = On a voyage.
prompt-over = The game is over.
prompt-wait = Waiting for { $seat }.

## events

ev-roll = { $seat } rolls { $number } and { $event }.
ev-produce = { $seat } produces { $good }.
ev-blocked = { $seat }'s { $good } is blocked by a riot.
ev-boost = { $seat }'s { $card } adds { $good }.
ev-ship_up = { $seat }'s ship improves to { $state }.
ev-fire_safe = { $seat }'s fire station puts out the fire.
ev-fire_pay = Fire: { $seat } pays { $gold } gold.
ev-fire_none = Fire: { $seat } has no citizen or merchant and pays nothing.
ev-tax_none = Tax: { $seat } has no happy citizen on a building and collects nothing.
ev-advantage_none = Trade advantage: nobody holds the trade dominance token, nothing happens.
ev-advantage_empty = Trade advantage: { $victim } has no landscape good for { $seat } to take.
ev-hunt_none = Pirate hunt: nobody holds the sea dominance token, nothing happens.
ev-queen_no = The Queen ignores { $seat }: too many unhappy citizens.
ev-queen_gain = The Queen gives { $seat } { $good }.
ev-hunt_gain = Pirate hunt: { $seat } takes { $good }.
ev-tax = Tax: { $seat } collects { $gold } gold.
ev-trader_buy = Trader: { $seat } buys { $good } for 1 gold.
ev-trader_sell = Trader: { $seat } sells { $good } for 1 gold.
ev-take = Trade advantage: { $seat } takes { $good } from { $victim }.
ev-build = { $seat } builds the { $card }.
ev-build_gold = { $seat } gains { $gold } gold.
ev-upgrade = { $seat } upgrades a citizen to { $level }.
ev-ship_improve = { $seat } improves the ship from { $old } to { $state }.
ev-play = { $seat } plays the { $card }.
ev-gold_gain = { $seat } gains { $gold } gold.
ev-gold_lose = { $seat } loses { $gold } gold.
ev-pickpocket = { $seat } steals { $gold } gold from { $victim }.
ev-theatre = { $seat }'s theatre cancels the { $card }.
ev-inventor_gain = Inventor: { $seat } takes { $good }.
ev-poison_lose = Poisoner: { $seat } loses { $good }.
ev-spy = { $seat }'s spy takes a card from { $victim }'s hand.
ev-spy_private = Your spy took the { $card }.
ev-guild_gain = Guild hall: { $seat } takes { $good }.
ev-landing = Landing stage: { $seat } swaps { $give } for { $get }.
ev-lodge = Lodge: { $seat } takes the { $card } from the discards.
ev-bank = { $seat } trades 3 { $give } for 1 { $get } with the bank.
ev-amount = { $n } { $good }
ev-offer = { $seat } offers { $give } for { $get }.
ev-accept = { $seat } accepts the trade.
ev-refuse = { $seat } refuses the trade.
ev-end_actions = { $seat } ends the action phase.
ev-turn = Turn { $turn }: { $seat } to play.
ev-draw = { $seat } draws from pile { $pile }.
ev-search = { $seat } pays 1 gold to search pile { $pile }.
ev-pick = { $seat } takes a card from pile { $pile }.
ev-pick_private = You took the { $card }.
ev-centre = { $seat } pays { $one } gold from village centre 1 and { $two } from centre 2 (left: { $left1 } | { $left2 }).
ev-swap = { $seat } puts a card under pile { $pile } (era { $era }).
ev-voyage = { $seat } sets sail: speed { $speed }, fight { $fight }.
ev-voyage_bonus = The { $card } comes aboard (+{ $n }).
ev-vcard = Voyage card { $n }: { $card }.
ev-vcard_power = { $card } (cannons { $power })
ev-fight = Fight: { $seat } rolls { $die } → { $total }, pirates roll { $pdie } → { $ptotal }.
ev-fight_win = { $seat } wins and takes { $n } { $good }.
ev-fight_lose = { $seat } loses the fight.
ev-ship_damage = { $seat }'s ship loses { $n }, now { $state }.
ev-ship_repair = { $seat }'s ship improves to { $state }.
ev-tornado_safe = The tornado misses { $seat }'s fast ship.
ev-flotsam = Flotsam: the die shows { $die }.
ev-shipwrecked_slow = { $seat }'s ship is not faster: no reward.
ev-tribute_paid = { $seat } pays the pirates 1 gold.
ev-buy = { $seat } buys { $good } for { $price } gold.
ev-wrecked = { $seat }'s ship is wrecked.
ev-voyage_stop = { $seat } returns home.
ev-voyage_end = The voyage ends after { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }.
ev-token_taken = { $seat } takes the { $token }.
ev-token_aside = Tie: the { $token } is set aside.
ev-win-glory = { $seat } reaches 7 glory points and wins!
ev-win-merchants = { $seat } has two merchants and wins!
ev-win-riot = Both of { $loser }'s village centres riot: { $seat } wins!
ev-reason-glory = 7 glory points
ev-reason-merchants = two merchants
ev-reason-riot = riot in both village centres
ev-line-glory = Glory points: { $n }
ev-line-merchants = Merchants: { $n }
ev-line-gold = Gold: { $n }
ev-line-won = Won: { $reason }
ev-line-lost = Lost: { $reason }

## renderer labels

label-turn = Turn { $n }
label-dice = Dice
label-gold = Gold
label-ship = Ship
label-wrecked = wrecked
label-riot = RIOT
label-glory = Glory
label-unhappy = Unhappy
label-speed = Speed
label-sails = Sails
label-cannons = Cannons
label-sacks = Money sacks
label-happy = Happy
label-hand = Hand: { $n }
label-piles = Era piles
label-supply = Citizen cards
label-discard = Discards: { $n }
label-voyage = Voyage: { $n }/{ $speed }, fight { $fight }
label-your_hand = Your hand
label-searched = Searched pile { $n }
label-spied = Your rival's hand (spy)
label-empty = empty
label-cost = Cost
label-winner = Winner: { $seat }
label-price = { $good }: { $n } gold
label-legend = ⚀ die number · ▲ sail · ⚔ cannon · ♦ money sack · ☺ happy citizen · ☹ unhappy citizen · ★ glory point · ①② village centre and the landscapes it guards · ○ empty, ● stored
label-over = Game over
label-score = { $seat }: { $glory ->
        [one] { $glory } glory point
       *[other] { $glory } glory points
    } · { $merchants ->
        [one] { $merchants } merchant
       *[other] { $merchants } merchants
    } · { $gold } gold
label-no_tiebreak = No tiebreak: the game ends the moment a player reaches 7 glory points or two merchants, or both of a player's village centres riot.
label-to_act = To act: { $seat }
label-offer = Offer: { $give } ⇄ { $get }

## private summary (offline console)

summary-hand = Hand ({ $n }): { $cards }
summary-hand_empty = Hand: no cards
summary-gold = Gold: { $n } (unhappy citizens: { $unhappy })
summary-amount = { $good } { $n }
summary-goods = Goods: { $goods }
summary-luxury = Rum: { $rum }, tobacco: { $tobacco }
summary-ship = Ship: state { $state }, speed { $speed }, cannons { $cannons }
summary-searched = Searched pile { $pile }: { $cards }
summary-spied = Your rival's hand (spy): { $cards }
summary-none = none
