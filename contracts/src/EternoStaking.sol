// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {LockLedger} from "./LockLedger.sol";

/// @title EternoStaking
/// @author ETERNO
/// @notice Fixed-term staking of one token (deployed twice: ETRO and EULP). A stake is an order for one of
///         eight lock periods (30, 60, 90, 120, 150, 180, 210, 360 days) at that period's rate, fixed when
///         the order is made. The reward is paid in ETRO from a funded reserve into the owner's lock
///         balance in the {LockLedger}.
///         - Rate: basis points of the staked amount for the whole period (100 = 1 % per period).
///         - Daily accrual (the ETRO pool): the reward counts whole days and enters the lock balance when
///           the order leaves after its period, released over the order's `releaseDuration` (the pool's
///           `rewardReleaseDuration` when the order was made). Leaving early forfeits all of it.
///         - Per-second accrual (the EULP pool): at entry the order's base reward B = min(full reward,
///           amount × shortest period's rate × lockDays / (30 × 10 000)) is credited to the lock balance as
///           a revocable entry releasing by the second over the lock period; the rest (the bonus) stays
///           committed in the reserve. Leaving early revokes B's unreleased part (back to the reserve) and
///           forfeits the bonus: an order of any period left after t seconds keeps what the shortest
///           period's rate pays over t (a chain of 30-day orders), never more. Leaving at or after the
///           unlock credits the bonus to the lock balance, claimable at once.
///         - Leaving always returns the principal. The early revocation is a direct call that either
///           succeeds or reverts the whole leave (the ledger lets a removed writer revoke its own entries,
///           so no owner action can block it). A reward credit the ledger refuses is kept as
///           `pendingReward(id)` and {retryReward} credits it later; a credit that ran out of gas reverts
///           the leave (never "pending because of the gas limit"), so a wallet's gas estimate cannot put
///           the user in a worse state.
///         - A stake is refused when the reserve's uncommitted part cannot cover its full reward.
/// @dev Invariants:
///        - committedRewards == full rewards of the daily orders not yet left + bonuses of the per-second
///          orders not yet left + pending rewards, and <= rewardReserve;
///        - rewardReserve == funded − withdrawn − rewards credited + rewards revoked back; the contract's
///          ETRO balance covers rewardReserve (plus totalStaked when the staked token is ETRO);
///        - totalStaked == sum of the amounts of orders not yet left == the contract's staked-token
///          balance beyond the reserve;
///        - per-second: an order left early at t keeps floor(B·t/lockTime) <= amount × rate(30) × t /
///          (30 days × 10 000);
///        - an order leaves once, and its principal comes back whatever the ledger does.
contract EternoStaking is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice How rewards accrue while an order is locked.
    enum Accrual {
        Daily,
        PerSecond
    }

    /// @notice A stake order (two slots). The first five fields are the spec's stake order.
    /// @param owner Who staked (and may leave).
    /// @param stakingTime When the order was made (unix seconds).
    /// @param lockTime The lock duration in seconds (the lock ends at stakingTime + lockTime).
    /// @param unstaked True once the order has left.
    /// @param rateBps The period's rate when the order was made (basis points of `amount`).
    /// @param amount The staked amount.
    /// @param reward The full-term reward in ETRO (amount * rateBps / 10 000).
    /// @param releaseDuration How long the ETRO credited at the leave takes to release in the ledger, fixed
    ///        at entry (daily: the pool's release duration; per second: 0, the bonus is claimable at once).
    /// @param baseRateBps Per second: the shortest period's rate when the order was made (sets the base).
    /// @param ledgerSlot Per second: 1 + the base reward's revocable slot in the owner's ledger (0: none).
    struct Order {
        address owner;
        uint40 stakingTime;
        uint32 lockTime;
        bool unstaked;
        uint16 rateBps;
        uint96 amount;
        uint96 reward;
        uint32 releaseDuration;
        uint16 baseRateBps;
        uint8 ledgerSlot;
    }

    /// @notice The owner's parameters, one slot (what a stake reads).
    /// @param minStakeAmount The smallest amount a stake accepts.
    /// @param rewardReleaseDuration How long a reward credited at a daily order's leave takes to release.
    /// @param rates The eight rates, 16 bits each, in `lockPeriods()` order.
    struct Config {
        uint96 minStakeAmount;
        uint32 rewardReleaseDuration;
        uint128 rates;
    }

    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice The highest rate per period the owner may set (100 %).
    uint256 public constant MAX_RATE_BPS = 10_000;
    /// @notice The longest reward release duration the owner may set.
    uint64 public constant MAX_RELEASE_DURATION = 365 days;
    /// @notice The shortest lock period, in days: its rate by the second bounds what an early leave keeps.
    uint256 public constant SHORTEST_DAYS = 30;

    /// @notice The staked token (ETRO or EULP).
    IERC20 public immutable STAKE_TOKEN;
    /// @notice The reward token (ETRO).
    IERC20 public immutable REWARD_TOKEN;
    /// @notice The ledger that receives the rewards.
    LockLedger public immutable LEDGER;
    /// @notice How rewards accrue in this pool.
    Accrual public immutable ACCRUAL;
    /// @notice Per second: the most orders a user may have running at once (the ledger's revocable table).
    uint256 public immutable MAX_RUNNING_ORDERS;

    Config private _config;
    mapping(uint256 id => Order order) private _orders;
    mapping(address user => uint256[] ids) private _orderIds;
    mapping(uint256 id => uint256 reward) private _pendingRewards;
    mapping(address user => uint256 count) private _running;

    /// @notice The ETRO held for rewards (funded − withdrawn − paid + revoked back), committed or not.
    uint128 public rewardReserve;
    /// @notice The reserve promised to open orders (daily: full rewards; per second: bonuses) and pending.
    uint128 public committedRewards;
    /// @notice The staked amounts of the orders not yet left.
    uint128 public totalStaked;
    /// @notice The id the next order gets (ids start at 1).
    uint64 public nextOrderId = 1;
    /// @notice Rewards the ledger refused at leave, owed to their orders' owners (see {retryReward}).
    uint256 public totalPendingRewards;

    /// @notice An order was made.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param amount The staked amount.
    /// @param lockDays The lock period in days.
    /// @param rateBps The period's rate.
    /// @param reward The full-term reward.
    /// @param base Per second: the part credited now, releasing by the second (0 in the daily pool).
    event Staked(
        uint256 indexed id,
        address indexed owner,
        uint256 amount,
        uint256 lockDays,
        uint256 rateBps,
        uint256 reward,
        uint256 base
    );
    /// @notice An order left.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param amount The principal returned.
    /// @param reward The reward that is the owner's (all of it at or after the unlock; when early: 0 in
    ///        the daily pool, the base's released part per second).
    /// @param forfeited The rest of the full-term reward, back to the reserve.
    /// @param early True when the order left before its lock ended.
    event Unstaked(
        uint256 indexed id, address indexed owner, uint256 amount, uint256 reward, uint256 forfeited, bool early
    );
    /// @notice The ledger refused a reward at leave; it is kept as the order's pending reward.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param reward The reward pending.
    event RewardPending(uint256 indexed id, address indexed owner, uint256 reward);
    /// @notice A pending reward was credited to the ledger.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param reward The reward credited.
    event RewardCredited(uint256 indexed id, address indexed owner, uint256 reward);
    /// @notice ETRO was added to the reward reserve.
    /// @param from Who paid it.
    /// @param amount The ETRO added.
    event RewardsFunded(address indexed from, uint256 amount);
    /// @notice Uncommitted reserve was withdrawn by the owner.
    /// @param to The receiver.
    /// @param amount The ETRO withdrawn.
    event RewardsWithdrawn(address indexed to, uint256 amount);
    /// @notice A period's rate changed (orders already made keep theirs).
    /// @param lockDays The lock period in days.
    /// @param rateBps The new rate.
    event RateSet(uint256 indexed lockDays, uint256 rateBps);
    /// @notice The minimum stake changed.
    /// @param amount The new minimum.
    event MinStakeAmountSet(uint256 amount);
    /// @notice The reward release duration changed.
    /// @param duration The new duration in seconds.
    event RewardReleaseDurationSet(uint64 duration);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice A zero amount was given.
    error ZeroAmount();
    /// @notice The amount is below the minimum stake.
    /// @param amount The amount given.
    /// @param minimum The minimum.
    error BelowMinimum(uint256 amount, uint256 minimum);
    /// @notice The lock period is not one of the eight.
    /// @param lockDays The period given, in days.
    error UnknownLockPeriod(uint256 lockDays);
    /// @notice The rate is above MAX_RATE_BPS.
    /// @param rateBps The rate given.
    /// @param maxRateBps The cap.
    error RateTooHigh(uint256 rateBps, uint256 maxRateBps);
    /// @notice The release duration is above MAX_RELEASE_DURATION.
    /// @param duration The duration given.
    /// @param maxDuration The cap.
    error ReleaseTooLong(uint256 duration, uint256 maxDuration);
    /// @notice The uncommitted reserve cannot cover the order's full reward.
    /// @param reward The reward the order needs.
    /// @param available The uncommitted reserve.
    error InsufficientRewardReserve(uint256 reward, uint256 available);
    /// @notice Per second: the user already has MAX_RUNNING_ORDERS orders running (leave one first).
    /// @param user The staker.
    /// @param maxOrders The cap.
    error TooManyRunningOrders(address user, uint256 maxOrders);
    /// @notice No order has this id.
    /// @param id The id given.
    error UnknownOrder(uint256 id);
    /// @notice The caller does not own the order.
    /// @param id The order id.
    /// @param caller The caller.
    /// @param owner The order's owner.
    error NotOrderOwner(uint256 id, address caller, address owner);
    /// @notice The order has already left.
    /// @param id The order id.
    error AlreadyUnstaked(uint256 id);
    /// @notice The order has no pending reward.
    /// @param id The order id.
    error NoPendingReward(uint256 id);
    /// @notice The reward credit ran out of gas: the leave is undone (send it with a higher gas limit).
    /// @param id The order id.
    error LedgerOutOfGas(uint256 id);
    /// @notice Only this contract may call.
    /// @param caller The caller.
    error OnlySelf(address caller);

    /// @notice Creates a staking pool for `stakeToken` with the default rates.
    /// @param stakeToken The staked token (ETRO or EULP).
    /// @param ledger The lock ledger; its token is the reward token (this contract must be its writer, of
    ///        kind Stake).
    /// @param accrual Daily (ETRO pool) or PerSecond (EULP pool).
    /// @param minStake The smallest amount a stake accepts.
    /// @param releaseDuration How long a reward credited at a daily order's leave takes to release, in seconds.
    /// @param owner_ The owner (parameter setters, reserve withdrawal).
    constructor(
        IERC20 stakeToken,
        LockLedger ledger,
        Accrual accrual,
        uint256 minStake,
        uint64 releaseDuration,
        address owner_
    ) Ownable(owner_) {
        if (address(stakeToken) == address(0) || address(ledger) == address(0)) revert ZeroAddress();
        if (releaseDuration > MAX_RELEASE_DURATION) revert ReleaseTooLong(releaseDuration, MAX_RELEASE_DURATION);
        STAKE_TOKEN = stakeToken;
        REWARD_TOKEN = ledger.ETRO();
        LEDGER = ledger;
        ACCRUAL = accrual;
        MAX_RUNNING_ORDERS = ledger.MAX_REVOCABLE();
        uint16[8] memory defaults = [100, 250, 400, 600, 800, 1000, 1200, 2400];
        uint256 packed;
        for (uint256 i = 0; i < 8; ++i) {
            packed |= uint256(defaults[i]) << (16 * i);
        }
        _config = Config({
            minStakeAmount: SafeCast.toUint96(minStake),
            rewardReleaseDuration: uint32(releaseDuration),
            rates: uint128(packed)
        });
    }

    // solhint-disable func-name-mixedcase
    /// @notice Stakes `amount` for 30 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_30(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 0, 30);
    }

    /// @notice Stakes `amount` for 60 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_60(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 1, 60);
    }

    /// @notice Stakes `amount` for 90 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_90(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 2, 90);
    }

    /// @notice Stakes `amount` for 120 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_120(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 3, 120);
    }

    /// @notice Stakes `amount` for 150 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_150(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 4, 150);
    }

    /// @notice Stakes `amount` for 180 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_180(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 5, 180);
    }

    /// @notice Stakes `amount` for 210 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_210(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 6, 210);
    }

    /// @notice Stakes `amount` for 360 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_360(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 7, 360);
    }
    // solhint-enable func-name-mixedcase

    /// @notice Ends order `id`: the principal always comes back. Daily accrual: after the lock the full
    ///         reward is credited to the caller's lock balance, before it the reward is forfeited. Per-second
    ///         accrual: before the lock ends the base's unreleased part is revoked back to the reserve and the
    ///         bonus is forfeited; at or after it the bonus is credited (claimable at once).
    /// @param id The order id.
    function leaveStaking(uint256 id) external nonReentrant {
        Order storage stored = _orders[id];
        Order memory order = stored;
        if (order.owner == address(0)) revert UnknownOrder(id);
        if (order.owner != msg.sender) revert NotOrderOwner(id, msg.sender, order.owner);
        if (order.unstaked) revert AlreadyUnstaked(id);

        stored.unstaked = true;
        // forge-lint: disable-next-line(block-timestamp)
        bool early = block.timestamp < uint256(order.stakingTime) + order.lockTime;
        totalStaked -= order.amount;
        STAKE_TOKEN.safeTransfer(msg.sender, order.amount);
        uint256 reward = order.reward;
        uint256 kept;
        if (ACCRUAL == Accrual.Daily) {
            committedRewards -= uint128(reward);
            if (!early) {
                kept = reward;
                if (reward != 0) _creditReward(id, reward, order.releaseDuration);
            }
        } else {
            uint256 base = _base(order);
            committedRewards -= uint128(reward - base);
            --_running[msg.sender];
            if (early) {
                uint256 back;
                if (order.ledgerSlot != 0) back = LEDGER.revoke(msg.sender, order.ledgerSlot - 1);
                rewardReserve += uint128(back);
                kept = base - back;
            } else {
                kept = reward;
                if (reward != base) _creditReward(id, reward - base, 0);
            }
        }
        emit Unstaked(id, msg.sender, order.amount, kept, reward - kept, early);
    }

    /// @notice Credits order `id`'s pending reward (one the ledger refused at leave) to its owner's lock
    ///         balance; reverts if the ledger still refuses.
    /// @param id The order id.
    function retryReward(uint256 id) external nonReentrant {
        Order memory order = _orders[id];
        if (order.owner != msg.sender) revert NotOrderOwner(id, msg.sender, order.owner);
        uint256 reward = _pendingRewards[id];
        if (reward == 0) revert NoPendingReward(id);
        _pendingRewards[id] = 0;
        totalPendingRewards -= reward;
        committedRewards -= uint128(reward);
        rewardReserve -= uint128(reward);
        REWARD_TOKEN.safeTransfer(address(LEDGER), reward);
        LEDGER.credit(msg.sender, reward, order.releaseDuration);
        emit RewardCredited(id, msg.sender, reward);
    }

    /// @notice Moves `reward` ETRO to the ledger and credits it to `user`; called by this contract only, so
    ///         that a refusal can be caught without undoing the leave.
    /// @param user The beneficiary.
    /// @param reward The ETRO credited.
    /// @param duration The release duration.
    function creditToLedger(address user, uint256 reward, uint256 duration) external {
        if (msg.sender != address(this)) revert OnlySelf(msg.sender);
        REWARD_TOKEN.safeTransfer(address(LEDGER), reward);
        LEDGER.credit(user, reward, duration);
    }

    /// @notice Adds `amount` ETRO to the reward reserve (anyone may fund it).
    /// @param amount The ETRO added (approved to this contract).
    function fundRewards(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        rewardReserve = SafeCast.toUint128(rewardReserve + amount);
        REWARD_TOKEN.safeTransferFrom(msg.sender, address(this), amount);
        emit RewardsFunded(msg.sender, amount);
    }

    /// @notice Withdraws uncommitted reserve.
    /// @param to The receiver.
    /// @param amount The ETRO withdrawn, at most `availableRewards()`.
    function withdrawRewards(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        uint256 available = availableRewards();
        if (amount > available) revert InsufficientRewardReserve(amount, available);
        rewardReserve -= uint128(amount);
        REWARD_TOKEN.safeTransfer(to, amount);
        emit RewardsWithdrawn(to, amount);
    }

    /// @notice Sets the rate of a lock period for future orders.
    /// @param lockDays One of the eight lock periods, in days.
    /// @param newRateBps The rate for the whole period in basis points, at most MAX_RATE_BPS.
    function setRate(uint256 lockDays, uint256 newRateBps) external onlyOwner {
        uint256 shift = 16 * _periodIndex(lockDays);
        if (newRateBps > MAX_RATE_BPS) revert RateTooHigh(newRateBps, MAX_RATE_BPS);
        uint256 rates_ = _config.rates;
        _config.rates = uint128((rates_ & ~(uint256(0xffff) << shift)) | (newRateBps << shift));
        emit RateSet(lockDays, newRateBps);
    }

    /// @notice Sets the smallest amount a stake accepts.
    /// @param amount The new minimum.
    function setMinStakeAmount(uint256 amount) external onlyOwner {
        _config.minStakeAmount = SafeCast.toUint96(amount);
        emit MinStakeAmountSet(amount);
    }

    /// @notice Sets how long the rewards of daily orders made from now on take to release.
    /// @param duration The duration in seconds, at most MAX_RELEASE_DURATION (0: claimable at once).
    function setRewardReleaseDuration(uint256 duration) external onlyOwner {
        if (duration > MAX_RELEASE_DURATION) revert ReleaseTooLong(duration, MAX_RELEASE_DURATION);
        _config.rewardReleaseDuration = uint32(duration);
        emit RewardReleaseDurationSet(uint64(duration));
    }

    /// @notice Whether an order may leave before its lock ends (yes: principal back; see {quoteLeave}).
    /// @return Always true.
    function earlyExitAllowed() external pure returns (bool) {
        return true;
    }

    /// @notice The eight lock periods, in days.
    /// @return periods 30, 60, 90, 120, 150, 180, 210, 360.
    function lockPeriods() public pure returns (uint16[8] memory periods) {
        periods = [30, 60, 90, 120, 150, 180, 210, 360];
    }

    /// @notice The smallest amount a stake accepts.
    /// @return The minimum.
    function minStakeAmount() external view returns (uint256) {
        return _config.minStakeAmount;
    }

    /// @notice How long a reward credited at a daily order's leave takes to release, for orders made now.
    /// @return The duration in seconds.
    function rewardReleaseDuration() external view returns (uint64) {
        return _config.rewardReleaseDuration;
    }

    /// @notice The current rate of a lock period, for the whole period, in basis points.
    /// @param lockDays One of the eight lock periods.
    /// @return The rate.
    function rateBps(uint256 lockDays) public view returns (uint256) {
        return _rateAt(_config.rates, _periodIndex(lockDays));
    }

    /// @notice The current rates of the eight lock periods, in `lockPeriods()` order.
    /// @return list The rates in basis points.
    function rates() external view returns (uint256[8] memory list) {
        uint256 packed = _config.rates;
        for (uint256 i = 0; i < 8; ++i) {
            list[i] = _rateAt(packed, i);
        }
    }

    /// @notice The reserve not committed to open orders: what new orders' rewards can draw on.
    /// @return rewardReserve − committedRewards.
    function availableRewards() public view returns (uint256) {
        return uint256(rewardReserve) - committedRewards;
    }

    /// @notice The reward of order `id` that the ledger refused at leave and {retryReward} can credit.
    /// @param id The order id.
    /// @return The pending reward.
    function pendingReward(uint256 id) external view returns (uint256) {
        return _pendingRewards[id];
    }

    /// @notice How many per-second orders `user` has running (not yet left).
    /// @param user The staker.
    /// @return The count (at most MAX_RUNNING_ORDERS).
    function runningOrdersOf(address user) external view returns (uint256) {
        return _running[user];
    }

    /// @notice One order.
    /// @param id The order id.
    /// @return The order.
    function orders(uint256 id) external view returns (Order memory) {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        return order;
    }

    /// @notice The ids of `user`'s orders, oldest first.
    /// @param user The staker.
    /// @return The order ids.
    function orderIdsOf(address user) external view returns (uint256[] memory) {
        return _orderIds[user];
    }

    /// @notice `user`'s orders with their ids, oldest first (the stake records).
    /// @param user The staker.
    /// @return ids The order ids.
    /// @return list The orders, in the same order as `ids`.
    function ordersOf(address user) external view returns (uint256[] memory ids, Order[] memory list) {
        ids = _orderIds[user];
        list = new Order[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) {
            list[i] = _orders[ids[i]];
        }
    }

    /// @notice Per second: order `id`'s base reward (credited at entry, releasing by the second); 0 in the
    ///         daily pool.
    /// @param id The order id.
    /// @return The base reward.
    function baseReward(uint256 id) external view returns (uint256) {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        return ACCRUAL == Accrual.Daily ? 0 : _base(order);
    }

    /// @notice The reward order `id` has accrued so far, up to its full-term reward; 0 once the order has
    ///         left. Daily: whole days of the full reward. Per second: the base's part released by the
    ///         second, and the full reward from the unlock on.
    /// @param id The order id.
    /// @return The accrued reward.
    function earnedReward(uint256 id) public view returns (uint256) {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        if (order.unstaked) return 0;
        uint256 elapsed = block.timestamp - order.stakingTime;
        if (elapsed >= order.lockTime) return order.reward;
        if (ACCRUAL == Accrual.Daily) {
            return uint256(order.reward) * (elapsed / 1 days) / (order.lockTime / 1 days);
        }
        return _base(order) * elapsed / order.lockTime;
    }

    /// @notice What leaving order `id` now would give: the principal, the reward that stays the owner's and
    ///         the reward forfeited (they add up to the full-term reward), whether it is early, and when the
    ///         lock ends.
    /// @param id The order id.
    /// @return principal The amount returned.
    /// @return reward The reward that stays the owner's (all of it from the unlock on; when early, 0 in the
    ///         daily pool and the base's released part per second; 0 once left).
    /// @return forfeited The rest of the full-term reward (0 once left).
    /// @return early True when the lock has not ended.
    /// @return unlockTime When the lock ends.
    function quoteLeave(uint256 id)
        external
        view
        returns (uint256 principal, uint256 reward, uint256 forfeited, bool early, uint256 unlockTime)
    {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        unlockTime = uint256(order.stakingTime) + order.lockTime;
        // forge-lint: disable-next-line(block-timestamp)
        early = block.timestamp < unlockTime;
        if (order.unstaked) return (0, 0, 0, early, unlockTime);
        principal = order.amount;
        if (!early) reward = order.reward;
        else if (ACCRUAL == Accrual.PerSecond) reward = earnedReward(id);
        forfeited = order.reward - reward;
    }

    /// @notice Makes an order of `amount` for `lockDays` (the period at `index` of `lockPeriods()`).
    /// @param amount The amount staked.
    /// @param index The period's index.
    /// @param lockDays The lock period in days.
    /// @return id The order id.
    function _enter(uint256 amount, uint256 index, uint256 lockDays) private nonReentrant returns (uint256 id) {
        Config memory config = _config;
        if (amount == 0) revert ZeroAmount();
        if (amount < config.minStakeAmount) revert BelowMinimum(amount, config.minStakeAmount);
        uint256 rate = _rateAt(config.rates, index);
        uint256 reward = amount * rate / BPS;
        uint256 available = availableRewards();
        if (reward > available) revert InsufficientRewardReserve(reward, available);

        id = nextOrderId;
        nextOrderId = uint64(id + 1);
        totalStaked = SafeCast.toUint128(totalStaked + amount);
        Order memory order = Order({
            owner: msg.sender,
            stakingTime: uint40(block.timestamp),
            lockTime: uint32(lockDays * 1 days),
            unstaked: false,
            rateBps: uint16(rate),
            amount: SafeCast.toUint96(amount),
            reward: uint96(reward),
            releaseDuration: config.rewardReleaseDuration,
            baseRateBps: 0,
            ledgerSlot: 0
        });
        uint256 base;
        if (ACCRUAL == Accrual.Daily) {
            committedRewards += uint128(reward);
        } else {
            uint256 running = _running[msg.sender];
            if (running >= MAX_RUNNING_ORDERS) revert TooManyRunningOrders(msg.sender, MAX_RUNNING_ORDERS);
            _running[msg.sender] = running + 1;
            order.releaseDuration = 0;
            order.baseRateBps = uint16(_rateAt(config.rates, 0));
            base = _base(order);
            committedRewards += uint128(reward - base);
            if (base != 0) {
                rewardReserve -= uint128(base);
                REWARD_TOKEN.safeTransfer(address(LEDGER), base);
                order.ledgerSlot = uint8(LEDGER.creditRevocable(msg.sender, base, order.lockTime) + 1);
            }
        }
        _orders[id] = order;
        _orderIds[msg.sender].push(id);
        STAKE_TOKEN.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(id, msg.sender, amount, lockDays, rate, reward, base);
    }

    /// @notice Credits a reward of order `id` to the owner's lock balance (from the reserve); if the ledger
    ///         refuses, keeps it pending. A credit that ran out of gas reverts the leave instead: an EVM
    ///         out-of-gas carries no revert data (every refusal of the ledger and the token is a custom
    ///         error), and a callee that used everything it was given leaves at most 1/64 of the gas.
    /// @param id The order id.
    /// @param reward The reward.
    /// @param duration Its release duration.
    function _creditReward(uint256 id, uint256 reward, uint256 duration) private {
        uint256 gasBefore = gasleft();
        try this.creditToLedger(msg.sender, reward, duration) {
            rewardReserve -= uint128(reward);
        } catch (bytes memory reason) {
            if (reason.length == 0 || gasleft() <= gasBefore / 64) revert LedgerOutOfGas(id);
            _pendingRewards[id] = reward;
            totalPendingRewards += reward;
            committedRewards += uint128(reward);
            emit RewardPending(id, msg.sender, reward);
        }
    }

    /// @notice Per second: an order's base reward, min(full reward, amount × base rate × lockDays / (30 ×
    ///         10 000)): the shortest period's rate over the order's lock.
    /// @param order The order.
    /// @return The base reward.
    function _base(Order memory order) private pure returns (uint256) {
        uint256 lockDays = order.lockTime / 1 days;
        uint256 base = uint256(order.amount) * order.baseRateBps * lockDays / (SHORTEST_DAYS * BPS);
        return base < order.reward ? base : order.reward;
    }

    /// @notice The rate at `index` of a packed rates word.
    /// @param packed The eight rates.
    /// @param index The period's index.
    /// @return The rate in basis points.
    function _rateAt(uint256 packed, uint256 index) private pure returns (uint256) {
        return uint16(packed >> (16 * index));
    }

    /// @notice The index of `lockDays` in `lockPeriods()`, or UnknownLockPeriod.
    /// @param lockDays The period in days.
    /// @return The index.
    function _periodIndex(uint256 lockDays) private pure returns (uint256) {
        uint16[8] memory periods = lockPeriods();
        for (uint256 i = 0; i < 8; ++i) {
            if (periods[i] == lockDays) return i;
        }
        revert UnknownLockPeriod(lockDays);
    }
}
